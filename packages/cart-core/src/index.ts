export {
  type CartProduct,
  type FreshProduct,
  type RefreshOptions,
  type RefreshResult,
  addItem,
  clearCart,
  decrement,
  imageOf,
  increment,
  itemCount,
  lineTotalCents,
  refreshPrices,
  removeItem,
  setQuantity,
  totalCents,
} from './cart.ts';
export { CART_STORAGE_KEY, type CartStorage, createMemoryStorage, loadCart, saveCart } from './storage.ts';
export {
  type CartState,
  type CartStore,
  type CartStoreOptions,
  createCartStore,
  selectCount,
  selectItems,
  selectTotalCents,
} from './store.ts';
