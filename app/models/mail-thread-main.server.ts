// Inside the mail thread: composes and sends each job it is given, and says when it is done.
import { parentPort } from "node:worker_threads";
import { sendMail } from "./email.server";
import { composeJob, type MailJob } from "./mail-jobs.server";

parentPort!.on("message", ({ id, job }: { id: number; job: MailJob }) => {
  composeJob(job)
    .then(sendMail)
    .catch((error) => console.error(`Could not send ${job.what}:`, error))
    .finally(() => parentPort!.postMessage(id));
});
