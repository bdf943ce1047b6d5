// Inside the mail thread: composes and sends each job it is given, and answers when it is done,
// with what went wrong if it failed.
import { parentPort } from "node:worker_threads";
import { sendMail } from "./email.server";
import { composeJob, type OutboxJob } from "./mail-jobs.server";

parentPort!.on("message", ({ id, job }: { id: number; job: OutboxJob }) => {
  // A composer that throws at once fails its job, not the thread.
  Promise.resolve(job)
    .then(composeJob)
    .then(sendMail)
    .then(
      () => parentPort!.postMessage({ id }),
      (error: unknown) =>
        parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) }),
    );
});
