import fs from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";

export type SmtpSink = {
  (): Promise<void>;
  /** The client ports of the messages on their way: recipient given, not yet answered (see answerAfterMs). */
  held: () => number[];
};

/**
 * A real SMTP server on loopback that keeps every message it receives as an .eml file; calling
 * what it answers stops it. With `answerAfterMs`, it takes that long to accept each recipient, as
 * a busy mail server does, so that messages are on their way for a while before their data is sent.
 */
export async function startSmtpSink(port: number, dir: string, { answerAfterMs = 0 } = {}): Promise<SmtpSink> {
  fs.mkdirSync(dir, { recursive: true });
  let count = 0;
  const held = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(_address, session, callback) {
      if (answerAfterMs === 0) return callback();
      held.set(session.id, session.remotePort);
      setTimeout(() => {
        held.delete(session.id);
        callback();
      }, answerAfterMs);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(",");
        fs.writeFileSync(path.join(dir, `${Date.now()}-${++count}-${to}.eml`), Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  // A client that hangs up (a killed shop process) is no failure of the sink.
  server.on("error", () => {});
  const stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return Object.assign(stop, { held: () => [...held.values()] });
}
