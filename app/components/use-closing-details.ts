import { useEffect, useRef } from "react";

type Options = {
  /** A menu drawn over the page: it also closes on Escape, a click elsewhere, or focus leaving it. */
  overlay: boolean;
};

/**
 * A `<details>` menu opens and closes without JavaScript, and a full page load closes it. With
 * JavaScript the router keeps the element across navigations, so without this it would stay open
 * over the next page: it closes once one of its links or buttons is used.
 */
export function useClosingDetails({ overlay }: Options) {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const summary = details.querySelector("summary");
    const close = (returnFocus = false) => {
      if (!details.open) return;
      details.open = false;
      if (returnFocus) summary?.focus();
    };
    const onClick = (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      if (!target || summary?.contains(target)) return;
      if (details.contains(target)) {
        if (target.closest("a, button")) close();
      } else if (overlay) close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape" && details.open) close(details.contains(document.activeElement));
    };
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget;
      if (next instanceof Node && !details.contains(next)) close();
    };
    document.addEventListener("click", onClick);
    if (overlay) {
      document.addEventListener("keydown", onKeyDown);
      details.addEventListener("focusout", onFocusOut);
    }
    return () => {
      document.removeEventListener("click", onClick);
      document.removeEventListener("keydown", onKeyDown);
      details.removeEventListener("focusout", onFocusOut);
    };
  }, [overlay]);
  return ref;
}
