import { Heading } from "@react-email/heading";
import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import { EmailLayout, MailButton, type ShopFrame } from "./Layout";
import { mailStyles } from "./styles";

/** What a low-stock mail lists: plain data, kept in the mail outbox until it is sent. */
export type LowStockNews = {
  threshold: number;
  products: { id: string; name: string; stock: number }[];
};

export type LowStockProps = {
  shop: ShopFrame;
  news: LowStockNews;
  productUrl: (id: string) => string;
  productsUrl: string;
};

/** To the owner (when a threshold is set): products whose stock just fell under it. */
export function LowStock({ shop, news, productUrl, productsUrl }: LowStockProps) {
  const count = news.products.length;
  const headline = count === 1 ? `${news.products[0].name} is running low` : `${count} products are running low`;
  return (
    <EmailLayout shop={shop} preview={headline}>
      <Heading as="h1" style={mailStyles.heading}>
        {headline}
      </Heading>
      <Text style={mailStyles.text}>
        {`${count === 1 ? "Its" : "Their"} stock fell under ${news.threshold} ${news.threshold === 1 ? "unit" : "units"}:`}
      </Text>
      <table data-text-format="dataTable" style={mailStyles.table} cellPadding={0} cellSpacing={0}>
        <thead>
          <tr>
            <th style={mailStyles.cell}>Product</th>
            <th style={mailStyles.number}>In stock</th>
          </tr>
        </thead>
        <tbody>
          {news.products.map((product) => (
            <tr key={product.id}>
              <td style={mailStyles.cell}>
                <Link href={productUrl(product.id)}>{product.name}</Link>
              </td>
              <td style={mailStyles.number}>{String(product.stock)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Text style={mailStyles.text}>
        You hear about each product once, until its stock is back at or above the threshold.
      </Text>
      <MailButton href={productsUrl}>Open the products</MailButton>
    </EmailLayout>
  );
}
