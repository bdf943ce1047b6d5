import path from "node:path";
import { Worker } from "node:worker_threads";
import { processWide } from "~/lib/process-wide.server";
import { sendMail } from "./email.server";
import { composeJob, type OutboxJob as MailJob } from "./mail-jobs.server";

// A mail per paid order costs milliseconds of CPU (React Email's rendering, the text part,
// nodemailer's MIME encoding): a thread of its own composes and sends them, beside the event loop
// that answers requests. One thread per process (processWide: server.ts's modules and the Remix
// build's copies share it), started by server.ts, or else with the first mail. Should it
// fail, its unfinished mails, and the ones after, are composed in the process itself.

type Pending = { job: MailJob; resolve: () => void; reject: (error: Error) => void };
type MailThread = { worker: Worker; pending: Map<number, Pending>; nextId: number };

// undefined until decided; null when mails are composed in the process itself.
const state = processWide("mailThread", (): { thread?: MailThread | null } => ({}));

function startThread(): MailThread | null {
  try {
    // From the project's folder, as server.ts loads the build: the build has no copy of this file.
    const worker = new Worker(path.resolve("app/models/mail/mail-thread-entry.mjs"));
    const thread: MailThread = { worker, pending: new Map(), nextId: 0 };
    worker.on("message", ({ id, error }: { id: number; error?: string }) => {
      const pending = thread.pending.get(id);
      thread.pending.delete(id);
      if (error === undefined) pending?.resolve();
      else pending?.reject(new Error(error));
    });
    const fail = (error: unknown) => {
      if (state.thread !== thread) return;
      console.error("The mail thread stopped; mails are sent from the process itself:", error);
      state.thread = null;
      for (const { job, resolve, reject } of thread.pending.values()) inProcess(job).then(resolve, reject);
      thread.pending.clear();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`exit code ${code}`)));
    worker.unref();
    return thread;
  } catch (error) {
    console.error("Could not start the mail thread; mails are sent from the process itself:", error);
    return null;
  }
}

const inProcess = (job: MailJob) => Promise.resolve(job).then(composeJob).then(sendMail);

/** Starts the mail thread now rather than with the first mail (server.ts: loading its modules takes a moment). */
export function startMailThread(): void {
  if (state.thread === undefined) state.thread = startThread();
}

/**
 * Composes mails in this process, without a thread: for the primary of several workers, whose
 * event loop answers no requests (a thread would cost about 65 MB for nothing).
 */
export function composeMailsInProcess(): void {
  if (state.thread === undefined) state.thread = null;
}

/** Composes and sends a mail off the event loop; resolves once it is sent, rejects with why it was not. */
export function sendMailJob(job: MailJob): Promise<void> {
  startMailThread();
  const thread = state.thread;
  if (!thread) return inProcess(job);
  const id = thread.nextId++;
  return new Promise<void>((resolve, reject) => {
    thread.pending.set(id, { job, resolve, reject });
    thread.worker.postMessage({ id, job });
  });
}
