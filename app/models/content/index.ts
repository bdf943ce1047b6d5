// The content domain's face (the owner's pages and the sitemap): other domains and the outer layers import
// only this file; inside the domain, modules import each other.

export {
  createPage,
  deletePage,
  footerPages,
  getPageById,
  getPageBySlug,
  hasPage,
  listPages,
  pageJson,
  savePagePicture,
  shownPage,
  updatePage,
} from "./pages.server";
export { catalogueSitemap, robotsTxt } from "./sitemap.server";
