// The inventory domain's face (stock: taking and giving it back, low-stock mails to the owner, back-in-stock
// alerts): other domains and the outer layers import only this file; inside the domain, modules import each
// other.

export { sendLowStockMails } from "./low-stock.server";
export {
  askForStockAlert,
  confirmStockAlert,
  pendingAlertsOf,
  sendBackInStockMails,
  stockAlertOfToken,
} from "./stock-alerts.server";
export { allInStock, giveStockBack, lockProducts, notEnoughStock, type StockItem, takeStock } from "./stock.server";
