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
  type DiscountContext,
  discountContext,
  keepDiscountUses,
  releaseDiscountUses,
  takeDiscountUsesAgain,
} from "./discounts.server";
export {
  type CartEstimate,
  cartEstimate,
  type Destination,
  type OrderQuote,
  type PricingContext,
  pricingContext,
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
