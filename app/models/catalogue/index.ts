// The catalogue domain's face (products, variants, categories, reviews, the admin's product lists, spelling
// suggestions): other domains and the outer layers import only this file; inside the domain, modules import
// each other.

export {
  assertProductImageCount,
  countProductsWithoutWeight,
  createProduct,
  deleteProduct,
  deleteProducts,
  listProductsPage,
  productProblems,
  productsByIds,
  removeUnusedImages,
  storeProductImages,
  updateProduct,
} from "./admin-products.server";
export {
  addCategories,
  type Category,
  categoryJson,
  categoryNamed,
  categoryNames,
  type CategoryPicture,
  createCategory,
  deleteCategory,
  getCategoryById,
  listCategories,
  moveCategory,
  productCounts,
  shownCategories,
  shownCategoryBySlug,
  updateCategory,
} from "./categories.server";
export {
  allProducts,
  countKeywordMatches,
  firstImageUrls,
  getProduct,
  listProducts,
  type ProductPage,
  type ProductReview,
  type ProductSummary,
  relatedProducts,
  reviewsByProduct,
} from "./products.server";
export {
  deleteReview,
  listReviewsPage,
  lockReviewsOf,
  recomputeProductRatings,
  reviewedProducts,
  upsertReview,
} from "./reviews.server";
export { suggestKeyword } from "./spelling.server";
export { stockFilter } from "./stock-filters.server";
export { saveOptions, saveVariants, variantsOf } from "./variants.server";
