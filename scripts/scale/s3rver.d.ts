// s3rver ships no types; only what scripts/scale/s3.ts calls is declared.
declare module "s3rver" {
  import type { AddressInfo } from "node:net";
  type Options = {
    port?: number;
    address?: string;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    configureBuckets?: { name: string }[];
  };
  export default class S3rver {
    constructor(options: Options);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
