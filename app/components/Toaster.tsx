import { useEffect, useState } from "react";

type Toast = { type: "info" | "success" | "error" | "warning"; message: string; description?: string };

const TOAST_MS = 5000;
const variant: Record<Toast["type"], string> = {
  success: "text-bg-success",
  error: "text-bg-danger",
  warning: "text-bg-warning",
  info: "text-bg-info",
};

/**
 * Shows the toast the server flashed. It is in the HTML, so it shows without JavaScript; once
 * JavaScript runs it hides itself after 5000 ms.
 */
export function Toaster({ toast }: { toast?: Toast }) {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    setVisible(true);
    if (!toast) return;
    const timer = setTimeout(() => setVisible(false), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast]);
  if (!toast || !visible) return null;
  return (
    <div className="toast-container position-fixed bottom-0 start-50 translate-middle-x p-3">
      <div
        className={`toast show align-items-center border-0 ${variant[toast.type]}`}
        role={toast.type === "error" ? "alert" : "status"}
        aria-live={toast.type === "error" ? "assertive" : "polite"}
        data-testid="toast"
      >
        <div className="toast-body">
          {toast.message}
          {toast.description ? <div className="small">{toast.description}</div> : null}
        </div>
      </div>
    </div>
  );
}
