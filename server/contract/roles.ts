/** Who an account is to the shop (server/domain/roles.ts says what each may do). */
export const ROLES = ['shopper', 'staff', 'owner'] as const;
