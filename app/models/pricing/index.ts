// The pricing domain's face (prices, discounts, shipping and tax): other domains and the outer layers import
// only this file; inside the domain, modules import each other.

export {
  createDiscount,
  deleteDiscount,
  discountJson,
  discountTargets,
  getDiscount,
  listDiscounts,
  setDiscountPaused,
  updateDiscount,
  withoutUse,
  withUse,
} from "./discount-admin.server";
export {
  cartDiscountContext,
  checkDiscountUses,
  customerWith,
  discountContext,
  type DiscountContext,
  keepDiscountUses,
  releaseDiscountUses,
  takeDiscountUsesAgain,
} from "./discounts.server";
export {
  cartEstimate,
  type CartEstimate,
  type Destination,
  type OrderQuote,
  pricingContext,
  type PricingContext,
  pricingRules,
  quoteForBuyer,
  quoteOrder,
  quoteWith,
  shippingChoicesTo,
  type ShippingOption,
} from "./pricing.server";
export {
  createMethod,
  createTaxRate,
  createZone,
  deleteMethod,
  deleteTaxRate,
  deleteZone,
  getMethod,
  getTaxRate,
  getZone,
  methodJson,
  shippingTo,
  taxRateJson,
  updateMethod,
  updateTaxRate,
  updateZone,
  zoneJson,
} from "./shipping-rules.server";
export {
  checkShippingChoice,
  countryOfList,
  savedShippingInfo,
  saveShippingChoice,
  saveShippingInfo,
  shippingFormDefaults,
} from "./shipping.server";
