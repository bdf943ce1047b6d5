import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./markdown";
import { hasOutsidePicture, OUTSIDE_PICTURE, pageSchema } from "./page-schema";

describe("the pages' Markdown", () => {
  it("renders headings, lists, emphasis, links and pictures", () => {
    const html = renderMarkdown(
      "# Returns\n\nYou may return **any** item within *30 days*:\n\n- unused\n- in its box\n\n" +
        "[Contact us](/pages/contact), [mail](mailto:help@example.com), [our blog](https://blog.example.com)\n\n" +
        "![Our shop](/uploads/shop/abc.webp)",
    );
    expect(html).toContain("<h1>Returns</h1>");
    expect(html).toContain("<strong>any</strong>");
    expect(html).toContain("<em>30 days</em>");
    expect(html).toContain("<li>unused</li>");
    expect(html).toContain('<a href="/pages/contact">Contact us</a>');
    expect(html).toContain('<a href="mailto:help@example.com">mail</a>');
    expect(html).toContain('<a href="https://blog.example.com" rel="noopener noreferrer">our blog</a>');
    expect(html).toContain('<img src="/uploads/shop/abc.webp" alt="Our shop" loading="lazy">');
  });

  it("lets no script through: raw HTML is shown as text", () => {
    for (const attack of [
      "<script>alert(1)</script>",
      '<iframe src="https://evil.example"></iframe>',
      '<img src=x onerror="alert(1)">',
      '<a href="javascript:alert(1)">click</a>',
      "<svg onload=alert(1)>",
      '<div style="background:url(javascript:alert(1))">x</div>',
    ]) {
      const html = renderMarkdown(`Before\n\n${attack}\n\nAfter`);
      expect(html, attack).not.toMatch(/<(script|iframe|img|svg|div|style)\b/i);
      // No tag carries a handler or a script link (a web address in the text may become a plain link).
      expect(html, attack).not.toMatch(/<[^>]*\son\w+\s*=/i);
      expect(html, attack).not.toMatch(/<a [^>]*href="(?!https:)/i);
      expect(html, attack).toContain("&lt;");
    }
  });

  it("turns links and pictures to anything but the web, mail, phone or the shop into plain text", () => {
    for (const href of [
      "javascript:alert(1)",
      "JAVASCRIPT:alert(1)",
      "java\tscript:alert(1)",
      "&#106;avascript:alert(1)",
      "vbscript:msgbox(1)",
      "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
      "file:///etc/passwd",
      "//evil.example/",
    ]) {
      const link = renderMarkdown(`[click](${href})`);
      expect(link, href).not.toContain("<a ");
      const picture = renderMarkdown(`![x](${href})`);
      expect(picture, href).not.toContain("<img");
    }
    expect(renderMarkdown("[call](tel:+15550100)")).toContain('<a href="tel:+15550100">call</a>');
    expect(renderMarkdown("![x](data:image/png;base64,AAAA)")).not.toContain("<img");
  });

  it("links bare web addresses, never bare javascript:", () => {
    expect(renderMarkdown("See https://example.com today")).toContain(
      '<a href="https://example.com" rel="noopener noreferrer">https://example.com</a>',
    );
    expect(renderMarkdown("javascript:alert(1)")).not.toContain("<a ");
  });
});

describe("pictures from other sites", () => {
  it("are found in the text, so that the form refuses them", () => {
    expect(hasOutsidePicture("![Logo](https://cdn.example.com/logo.png)")).toBe(true);
    expect(hasOutsidePicture("Look: ![](//cdn.example.com/x.png) there")).toBe(true);
    expect(hasOutsidePicture("![Our shop](/uploads/pages/abc.webp)")).toBe(false);
    // A link to a picture is no picture.
    expect(hasOutsidePicture("[Logo](https://cdn.example.com/logo.png)")).toBe(false);
    const result = pageSchema.safeParse({ title: "About", body: "Hi\n\n![Logo](https://cdn.example.com/l.png)" });
    expect(result.success ? [] : result.error.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["body", OUTSIDE_PICTURE],
    ]);
  });

  it("are shown as a link to them, never as a picture the policy would block", () => {
    expect(renderMarkdown("![Logo](https://cdn.example.com/logo.png)")).toContain(
      '<a href="https://cdn.example.com/logo.png" rel="noopener noreferrer">Logo</a>',
    );
    expect(renderMarkdown("![](https://cdn.example.com/logo.png)")).not.toContain("<img");
  });
});
