// The settings domain's face (the shop's settings (name, currency, locale, mails, pictures)): other domains
// and the outer layers import only this file; inside the domain, modules import each other.

export {
  getShopSettings,
  listAdmins,
  ownerMailRecipients,
  renameHeroCategory,
  saveShopSettings,
  type SettingsPictures,
  shopMoney,
} from "./shop-settings.server";
