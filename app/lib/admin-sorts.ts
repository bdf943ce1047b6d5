// Sortable columns of the admin tables (shared by the loaders and the table headers).
export type ProductSort = "id" | "name" | "price" | "stock" | "createdAt";
export const PRODUCT_SORTS: readonly ProductSort[] = ["id", "name", "price", "stock", "createdAt"];

export type UserSort = "id" | "name" | "email" | "role" | "createdAt";
export const USER_SORTS: readonly UserSort[] = ["id", "name", "email", "role", "createdAt"];

export type OrderSort = "orderNumber" | "createdAt" | "totalPrice" | "orderStatus" | "numOfItems" | "id";
export const ORDER_SORTS: readonly OrderSort[] = [
  "orderNumber",
  "createdAt",
  "totalPrice",
  "orderStatus",
  "numOfItems",
  "id",
];

export type ReviewSort = "id" | "product" | "rating" | "comment" | "user" | "createdAt";
export const REVIEW_SORTS: readonly ReviewSort[] = ["id", "product", "rating", "comment", "user", "createdAt"];

export type ReturnSort = "createdAt" | "orderNumber" | "status";
export const RETURN_SORTS: readonly ReturnSort[] = ["createdAt", "orderNumber", "status"];
