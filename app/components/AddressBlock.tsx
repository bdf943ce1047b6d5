import { Fragment } from "react";
import { addressLines, type AddressParts, type OrderAddressColumns } from "~/lib/address";

/** A shipping address, one line each (recipient, street, city and postal code, country). */
export function AddressBlock({ address, testId }: { address: AddressParts | OrderAddressColumns; testId?: string }) {
  return (
    <address className="mb-0" data-testid={testId}>
      {addressLines(address).map((line, i) => (
        <Fragment key={i}>
          {i > 0 ? <br /> : null}
          {line}
        </Fragment>
      ))}
    </address>
  );
}
