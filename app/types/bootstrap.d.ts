// Bootstrap ships no types for its per-component modules; only what the shop calls is declared.
declare module "bootstrap/js/dist/carousel" {
  type Options = { interval?: number | false; pause?: "hover" | false; ride?: "carousel" | boolean; touch?: boolean };
  export default class Carousel {
    static getOrCreateInstance(element: Element, options?: Options): Carousel;
    dispose(): void;
  }
}

declare module "bootstrap/js/dist/modal" {
  export default class Modal {
    static getOrCreateInstance(element: Element): Modal;
    static getInstance(element: Element): Modal | null;
    show(): void;
    hide(): void;
  }
}
