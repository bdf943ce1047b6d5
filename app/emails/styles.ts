import type { CSSProperties } from "react";

// Inline styles only: many mail clients drop <style> blocks and class names.
const font = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

export const mailStyles = {
  body: { backgroundColor: "#f4f4f5", margin: 0, padding: "24px 0", fontFamily: font, color: "#212529" },
  container: { backgroundColor: "#ffffff", maxWidth: "600px", margin: "0 auto", padding: "24px", borderRadius: "6px" },
  brand: { fontSize: "22px", fontWeight: 700, margin: "0 0 16px", color: "#212529" },
  heading: { fontSize: "20px", fontWeight: 700, margin: "8px 0 16px" },
  text: { fontSize: "15px", lineHeight: "24px", margin: "0 0 14px" },
  button: {
    display: "inline-block",
    backgroundColor: "#fa9c23",
    color: "#212529",
    fontWeight: 700,
    padding: "10px 18px",
    borderRadius: "4px",
    textDecoration: "none",
  },
  table: { width: "100%", borderCollapse: "collapse", margin: "0 0 16px", fontSize: "15px" },
  cell: { padding: "6px 4px", borderBottom: "1px solid #e5e5e5", textAlign: "left" },
  number: { padding: "6px 4px", borderBottom: "1px solid #e5e5e5", textAlign: "right", whiteSpace: "nowrap" },
  total: { padding: "6px 4px", textAlign: "right", fontWeight: 700, whiteSpace: "nowrap" },
  hr: { borderColor: "#e5e5e5", margin: "24px 0 12px" },
  footer: { fontSize: "12px", lineHeight: "18px", color: "#6c757d", margin: 0 },
} satisfies Record<string, CSSProperties>;
