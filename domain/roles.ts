export const ROLES = ['CLIENT', 'POS', 'ADMIN'] as const;
export type Role = (typeof ROLES)[number];

export function hasAnyRole(userRoles: readonly string[], required: readonly Role[]): boolean {
  return required.some((role) => userRoles.includes(role));
}
