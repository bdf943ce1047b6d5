import fs from "node:fs";
import path from "node:path";
import { signIn } from "./invalidation";

// test:scale: a picture uploaded through node A is served by node B, byte for byte (the nodes keep
// uploads in one bucket), and no node keeps a copy in a folder of its own.

export async function uploadsShared(options: {
  nodeA: string;
  nodeB: string;
  /** The nodes' UPLOADS_DIR, which the bucket replaces. */
  uploadsDir: string;
  log: (line: string) => void;
}): Promise<string[]> {
  const { nodeA, nodeB, log } = options;
  const res = await createProductWithPicture(nodeA, "Scale Test");
  if (res.status !== 201) return [`uploading a picture through node A answered ${res.status}`];
  const { product } = (await res.json()) as { product: { images: { url: string }[] } };
  const { pathname } = new URL(product.images[0].url);
  const [fromA, fromB] = await Promise.all(
    [nodeA, nodeB].map(async (node) => {
      const answer = await fetch(`${node}${pathname}`);
      return { status: answer.status, bytes: Buffer.from(await answer.arrayBuffer()) };
    }),
  );
  const same = fromA.status === 200 && fromB.status === 200 && fromA.bytes.equals(fromB.bytes);
  log(
    `A picture uploaded through node A (${pathname}): node A answers ${fromA.status}, node B ${fromB.status}, ${same ? "the same" : "different"} ${fromB.bytes.length.toLocaleString("en")} bytes`,
  );
  const problems = same ? [] : [`node B did not serve the picture uploaded through node A (${fromB.status})`];
  if (fs.existsSync(path.join(options.uploadsDir, pathname.replace(/^\/uploads\//, ""))))
    problems.push("the picture was also written to the uploads folder");
  return problems;
}

/** A product made through the admin API of `base` (as the demo admin) with one JPEG picture; the answer. */
export async function createProductWithPicture(base: string, seller: string): Promise<Response> {
  const picture = fs.readFileSync(path.resolve("public/images/default_avatar.jpg"));
  return fetch(`${base}/api/v1/admin/product/new`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: await signIn(base) },
    body: JSON.stringify({
      name: `${seller} Picture Frame`,
      price: "12.50",
      description: "Its picture was uploaded through one node.",
      category: "Accessories",
      seller,
      stock: 5,
      images: [`data:image/jpeg;base64,${picture.toString("base64")}`],
    }),
  });
}
