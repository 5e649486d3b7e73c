/**
 * Where the header search box goes (spec storefront §2 "Header search"): logged-in clients
 * only, and only when search is enabled. Renders nothing until the search area is built.
 */
export function HeaderSearchSlot() {
  return null;
}
