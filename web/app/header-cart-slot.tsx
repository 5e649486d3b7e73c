/**
 * Where the cart badge goes (spec storefront §2 "Cart badge"): logged-in clients only.
 * Renders nothing until the cart area is built.
 */
export function HeaderCartSlot() {
  return null;
}
