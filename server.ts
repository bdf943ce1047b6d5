// `npm run serve` / `npm start` / `npm run dev`: the shop, from its build (or Vite's module graph in
// development): server/launch.ts, then server/main.ts.
import { launchShop } from "./server/launch";

await launchShop();
