// Words of the spec shown by the server and by the Stripe Elements form alike.
export const PAYMENT_PROBLEM = "There is some issue while payment processing";
