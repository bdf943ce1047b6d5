import type { DemoCategory as Category } from "~/seed/demo-categories";
import type { UploadStore } from "~/models/uploads";
import { escapeHtml } from "~/lib/html";
import { ICON_SIZE, iconFor, iconShapes } from "~/seed/demo-icons.server";

// Demo product pictures are drawn as SVG at seed time: no network, nothing binary in the repo.
const palette: Record<Category, [dark: string, light: string]> = {
  Electronics: ["#0d6efd", "#cfe2ff"],
  Cameras: ["#6f42c1", "#e2d9f3"],
  Laptops: ["#212529", "#dee2e6"],
  Accessories: ["#ca6510", "#ffe5d0"],
  Headphones: ["#d63384", "#f7d6e6"],
  Food: ["#198754", "#d1e7dd"],
  Books: ["#8b5a2b", "#efe0cc"],
  "Clothes/Shoes": ["#13795b", "#d2f4ea"],
  "Beauty/Health": ["#c2185b", "#fbd3e6"],
  Sports: ["#dc3545", "#f8d7da"],
  Outdoor: ["#3f7d20", "#dbeccf"],
  Home: ["#087990", "#cff4fc"],
};

const FONT = `font-family="Helvetica, Arial, sans-serif"`;

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

/** The icon's shapes, `size` pixels wide, centred on (cx, cy) and turned by `angle` degrees. */
function placeIcon(
  shapes: string,
  cx: number,
  cy: number,
  size: number,
  angle: number,
  fill: string,
  opacity = 1,
): string {
  const half = size / 2;
  const transform = `translate(${cx - half} ${cy - half}) rotate(${angle} ${half} ${half}) scale(${size / ICON_SIZE})`;
  return `<g transform="${transform}" fill="${fill}" opacity="${opacity}">${shapes}</g>`;
}

/**
 * One view of a demo product: its icon and its name. The views differ in composition and colour
 * (0: the icon on a light background, 1: on a disc over the category's colour, 2: a close-up
 * beside a large faint copy), so a product's gallery does not repeat one picture.
 */
export function productSvg(name: string, category: Category, view: number): string {
  const [dark, light] = palette[category];
  const shapes = iconShapes(iconFor(name, category));
  const lines = wrap(name, 26);
  let scene: string;
  let textColour = "#212529";
  switch (view % 3) {
    case 0:
      scene = `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="${light}"/></linearGradient></defs>
<rect width="800" height="600" fill="url(#bg)"/>
${placeIcon(shapes, 400, 205, 240, 0, dark)}`;
      break;
    case 1:
      textColour = "#fff";
      scene = `<rect width="800" height="600" fill="${dark}"/>
<circle cx="400" cy="205" r="165" fill="${light}"/>
${placeIcon(shapes, 400, 205, 200, -12, dark)}
<rect y="385" width="800" height="${lines.length * 50 + 40}" fill="#000" opacity="0.3"/>`;
      break;
    default:
      scene = `<defs><linearGradient id="bg" x1="1" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="#fff"/></linearGradient></defs>
<rect width="800" height="600" fill="url(#bg)"/>
${placeIcon(shapes, 560, 210, 420, 10, dark, 0.12)}
${placeIcon(shapes, 270, 210, 190, 0, dark)}`;
  }
  const text = lines.map(
    (line, i) => `<text x="400" y="${430 + i * 50}" text-anchor="middle">${escapeHtml(line)}</text>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">
<title>${escapeHtml(name)}</title>
${scene}
<g ${FONT} font-size="42" font-weight="600" fill="${textColour}">${text.join("")}</g>
</svg>
`;
}

/**
 * Writes one demo picture to the upload store and returns its public URL. A second write of the same
 * name (two nodes seeding at once) replaces it with the same bytes.
 */
export async function writeDemoImage(store: UploadStore, fileName: string, svg: string): Promise<string> {
  const key = `demo/${fileName}`;
  await store.put(key, svg, "image/svg+xml");
  return `/uploads/${key}`;
}
