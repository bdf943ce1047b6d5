import fs from "node:fs";
import path from "node:path";

// Demo product pictures are drawn as SVG at seed time: no network, nothing binary in the repo.
const palette: Record<string, [string, string]> = {
  Electronics: ["#0d6efd", "#6ea8fe"],
  Cameras: ["#6f42c1", "#c29ffa"],
  Laptops: ["#212529", "#6c757d"],
  Accessories: ["#fd7e14", "#fecba1"],
  Headphones: ["#d63384", "#f7a8cf"],
  Food: ["#198754", "#a3cfbb"],
  Books: ["#8b5a2b", "#e0c097"],
  "Clothes/Shoes": ["#20c997", "#a6e9d5"],
  "Beauty/Health": ["#e83e8c", "#fbd3e6"],
  Sports: ["#dc3545", "#f1aeb5"],
  Outdoor: ["#3f7d20", "#b5d99c"],
  Home: ["#0dcaf0", "#9eeaf9"],
};

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && (line + " " + word).length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.slice(0, 3);
}

export function productSvg(name: string, category: string, view: number): string {
  const [dark, light] = palette[category] ?? ["#495057", "#ced4da"];
  const shapes = [
    `<rect x="250" y="150" width="300" height="200" rx="24" fill="${dark}" opacity="0.85"/>`,
    `<circle cx="400" cy="250" r="120" fill="${dark}" opacity="0.85"/>`,
    `<polygon points="400,120 540,360 260,360" fill="${dark}" opacity="0.85"/>`,
  ];
  const lines = wrap(name, 28)
    .map((l, i) => `<text x="400" y="${450 + i * 42}" text-anchor="middle">${escapeXml(l)}</text>`)
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">
<defs><linearGradient id="g" x1="0" y1="0" x2="${view % 2}" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="${light}"/></linearGradient></defs>
<rect width="800" height="600" fill="url(#g)"/>
${shapes[view % shapes.length]}
<text x="400" y="265" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="64" font-weight="700" fill="#fff">${escapeXml(category.split("/")[0].slice(0, 2).toUpperCase())}</text>
<g font-family="Helvetica, Arial, sans-serif" font-size="34" font-weight="600" fill="#212529">${lines}</g>
<text x="780" y="585" text-anchor="end" font-family="Helvetica, Arial, sans-serif" font-size="18" fill="#495057">view ${view + 1}</text>
</svg>`;
}

/** Writes one demo picture under the uploads folder and returns its public URL. */
export function writeDemoImage(uploadsDir: string, fileName: string, svg: string): string {
  const dir = path.join(uploadsDir, "demo");
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, fileName), svg);
  return `/uploads/demo/${fileName}`;
}
