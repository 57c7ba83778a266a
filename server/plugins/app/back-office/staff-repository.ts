import { sql } from 'kysely';
import type { Db, Q } from '../../../db/database.ts';
import { FieldErrors, notFound, refused } from '../../../errors.ts';
import { hashPassword, oneTimePassword } from '../../../auth/passwords.ts';
import type { AuditRepository } from './audit-repository.ts';

export type StaffRole = 'staff' | 'owner';

export interface StaffMemberRow {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  must_change_password: boolean;
}

export interface NewStaff {
  /** already trimmed and lowercased */
  email: string;
  /** "First Last": a new account's name; an existing account keeps its own */
  name: string;
  role: StaffRole;
  /** a chosen password (the command line's --password); without one, a one-time password is made */
  password?: string;
  /** a new account's phone (11 digits); without one, the placeholder staff:<email> */
  phone?: string | null;
}

export interface StaffAdded {
  member: StaffMemberRow;
  /** a new account's one-time password, shown once; null when a password was given or the account existed */
  oneTimePassword: string | null;
  /** the role the account had before, when it existed */
  was: string | null;
}

type Account = { id: number; email: string; first_name: string; last_name: string; role: string; must_change_password: number };

/** A name as the staff list shows it: a placeholder last name ("-", from the command line) left out. */
const nameOf = (a: { first_name: string; last_name: string }) => (a.last_name === '-' ? a.first_name : `${a.first_name} ${a.last_name}`);

const member = (a: Account): StaffMemberRow => ({
  id: a.id, email: a.email, name: nameOf(a), role: a.role as StaffRole, must_change_password: a.must_change_password === 1,
});

/**
 * The shop's people (the owner's staff list, and the command line's
 * staff:add): accounts with the role `staff` or `owner`. Each change is one
 * transaction with its audit entry. The shop always keeps an owner: a change
 * that would take the role from the last one is refused by a guarded write
 * (the owners are counted by the UPDATE itself, under the transaction's
 * lock), and an owner never demotes or removes themselves from the back office.
 */
export class StaffRepository {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditRepository,
    /** after a commit that revoked an account's sessions: forget them where they are cached (TokenStore) */
    private readonly onSignedOut: (userId: number) => void = () => {},
  ) {}

  /** Owners first, then staff, each by name. */
  async list(): Promise<StaffMemberRow[]> {
    const rows = await this.db.selectFrom('users')
      .select(['id', 'email', 'first_name', 'last_name', 'role', 'must_change_password'])
      .where('role', 'in', ['owner', 'staff'])
      .orderBy(sql`case when role = 'owner' then 0 else 1 end`).orderBy('first_name').orderBy('id').execute();
    return rows.map(member);
  }

  async #account(q: Q, where: { id: number } | { email: string }): Promise<Account | undefined> {
    let query = q.selectFrom('users').select(['id', 'email', 'first_name', 'last_name', 'role', 'must_change_password']);
    query = 'id' in where ? query.where('id', '=', where.id) : query.where('email', '=', where.email);
    return query.executeTakeFirst();
  }

  /**
   * Makes a back-office account, or gives an existing shopper's account the
   * role (it keeps its password, unless one is given). An account that is
   * already staff or owner is refused on `email`, unless `changeRole` (the
   * command line: staff:add on a member sets their role).
   */
  async add(input: NewStaff, by: number | null, options: { changeRole?: boolean } = {}): Promise<StaffAdded> {
    // Hashed before the transaction: scrypt is slow, and the write lock is held by no one meanwhile.
    const password = input.password ?? oneTimePassword();
    const hash = await hashPassword(password);
    const at = new Date().toISOString();
    return this.db.transaction().execute(async (trx) => {
      const existing = await this.#account(trx, { email: input.email });
      if (existing) {
        if (existing.role !== 'shopper') {
          if (!options.changeRole) new FieldErrors().add('email', 'staff_exists').throwIfAny();
          await this.#changeRole(trx, existing, input.role, by, at);
        } else {
          await trx.updateTable('users').set({ role: input.role }).where('id', '=', existing.id).execute();
          await this.audit.record({ userId: by, action: 'staff.role', target: `account ${input.email}`, before: { role: existing.role }, after: { role: input.role } }, at, trx);
        }
        if (input.password !== undefined) {
          await trx.updateTable('users').set({ password_hash: hash, must_change_password: 0 }).where('id', '=', existing.id).execute();
        }
        return { member: member((await this.#account(trx, { id: existing.id }))!), oneTimePassword: null, was: existing.role };
      }
      const [first, ...rest] = input.name.trim().split(/\s+/);
      const { id } = await trx.insertInto('users').values({
        email: input.email, first_name: first || input.email, last_name: rest.join(' ') || '-',
        // Every account has a unique phone; a staff account without one gets a placeholder no log-in can name.
        phone: input.phone ?? `staff:${input.email}`,
        password_hash: hash, birth_date: '1900-01-01', points: 0, created_at: at,
        role: input.role, must_change_password: input.password === undefined ? 1 : 0,
      }).returning('id').executeTakeFirstOrThrow();
      await this.audit.record({ userId: by, action: 'staff.add', target: `account ${input.email}`, after: { role: input.role } }, at, trx);
      return { member: member((await this.#account(trx, { id }))!), oneTimePassword: input.password === undefined ? password : null, was: null };
    });
  }

  /** Gives a member another role (staff ↔ owner); `changed` is false when they had it already. */
  async setRole(id: number, role: StaffRole, by: number): Promise<{ member: StaffMemberRow; changed: boolean }> {
    const at = new Date().toISOString();
    return this.db.transaction().execute(async (trx) => {
      const account = await this.#member(trx, id, by);
      const changed = await this.#changeRole(trx, account, role, by, at);
      return { member: member((await this.#account(trx, { id }))!), changed };
    });
  }

  /**
   * Takes a member's access away: the account becomes a shopper's again and
   * every one of its sessions is revoked at once, so its next request is
   * refused (401), in the shop too.
   */
  async remove(id: number, by: number): Promise<Omit<StaffMemberRow, 'role'> & { role: 'shopper' }> {
    const at = new Date().toISOString();
    const removed = await this.db.transaction().execute(async (trx) => {
      const account = await this.#member(trx, id, by);
      await this.#changeRole(trx, account, 'shopper', by, at);
      await trx.updateTable('tokens').set({ revoked_at: at }).where('user_id', '=', id).where('revoked_at', 'is', null).execute();
      return { ...member(account), role: 'shopper' as const };
    });
    this.onSignedOut(id);
    return removed;
  }

  /** A member the owner `by` may change: not a shopper (404), not themselves (422). */
  async #member(trx: Q, id: number, by: number): Promise<Account> {
    const account = await this.#account(trx, { id });
    if (!account || (account.role !== 'staff' && account.role !== 'owner')) throw notFound('staff_not_found');
    if (account.id === by) throw refused('staff_not_yourself');
    return account;
  }

  /** The role write, audited; refused when it would leave the shop without an owner. Answers whether the role changed. */
  async #changeRole(trx: Q, account: Account, role: StaffRole | 'shopper', by: number | null, at: string): Promise<boolean> {
    if (account.role === role) return false;
    let update = trx.updateTable('users').set({ role }).where('id', '=', account.id).where('role', '=', account.role);
    if (account.role === 'owner') {
      update = update.where((eb) => eb(
        eb.selectFrom('users as o').select((o) => o.fn.countAll<number>().as('n')).where('o.role', '=', 'owner'), '>', 1,
      ));
    }
    const changed = await update.executeTakeFirst();
    if (Number(changed.numUpdatedRows) !== 1) {
      throw account.role === 'owner' ? refused('staff_last_owner') : refused('staff_changed_meanwhile');
    }
    await this.audit.record({
      userId: by, action: role === 'shopper' ? 'staff.remove' : 'staff.role', target: `account ${account.email}`,
      before: { role: account.role }, after: { role },
    }, at, trx);
    return true;
  }
}
