import MarkdownIt from "markdown-it";

// The owner's pages are written in Markdown and shown as HTML on the storefront, so nothing they
// hold may run there: markdown-it with raw HTML off (a <script> or <iframe> is shown as text), and
// links only to web addresses, mail, phone numbers and the shop's own paths, pictures only from the
// shop itself (its Content-Security-Policy, server/csp.server.ts, blocks pictures from elsewhere).

const SAFE_LINK = /^(?:https?:\/\/|mailto:|tel:|\/(?![/\\])|#)/i;
const SHOP_PICTURE = /^\/(?![/\\])/;
const WEB_ADDRESS = /^https?:\/\//i;

const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });

// markdown-it's own check already refuses javascript:, vbscript: and file: links; this one allows
// only what a shop's page needs (no data:, no relative "evil.example/x" that reads as a path).
markdown.validateLink = (url) => SAFE_LINK.test(url.trim());

// A picture from elsewhere (a page saved before the form refused them) becomes a link to it.
const defaultImage = markdown.renderer.rules.image!;
markdown.renderer.rules.image = (tokens, index, options, env, self) => {
  const src = tokens[index].attrGet("src") ?? "";
  const text = markdown.utils.escapeHtml(tokens[index].content);
  if (WEB_ADDRESS.test(src))
    return `<a href="${markdown.utils.escapeHtml(src)}" rel="noopener noreferrer">${text || "Picture"}</a>`;
  if (!SHOP_PICTURE.test(src)) return text;
  tokens[index].attrSet("loading", "lazy");
  return defaultImage(tokens, index, options, env, self);
};

// Links to other sites neither pass the shop's page on nor give that site a handle on the window.
const defaultLinkOpen =
  markdown.renderer.rules.link_open ??
  ((tokens, index, options, _env, self) => self.renderToken(tokens, index, options));
markdown.renderer.rules.link_open = (tokens, index, options, env, self) => {
  if (/^https?:\/\//i.test(tokens[index].attrGet("href") ?? "")) tokens[index].attrSet("rel", "noopener noreferrer");
  return defaultLinkOpen(tokens, index, options, env, self);
};

/** The owner's Markdown as HTML that is safe to put in a page. */
export function renderMarkdown(source: string): string {
  return markdown.render(source);
}
