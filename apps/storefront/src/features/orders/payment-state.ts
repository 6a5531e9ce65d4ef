/** What a page may hand to /payment-success through the navigation state. */
export interface PaymentState {
  orderId: string;
  /** Dollars. */
  total?: number;
  captureId?: string;
  /** A guest order: its page is /order-success/{id}, not the account. */
  guest?: boolean;
}

declare module '@tanstack/react-router' {
  interface HistoryState {
    payment?: PaymentState;
  }
}
