import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, RETIRED_AUDIT_ACTION, auditActionOf, auditTargetName, auditedRouteNames, isAuditedRoute } from './audit.ts';
import { AUDIT_AREAS } from './entities.ts';
import { routeNames, routes, type RouteDefinition } from './routes.ts';

const table: [string, RouteDefinition][] = routeNames.map((name) => [name, routes[name]]);

describe('the audit trail in words, from the route table', () => {
  it('gives every route the API audits a label and an area, and no other route either', () => {
    const audited = table.filter(([, route]) => isAuditedRoute(route));
    expect(audited.length).toBeGreaterThan(20);
    for (const [name, route] of audited) {
      expect(route.auditLabel, name).toEqual(expect.any(String));
      expect(AUDIT_AREAS, name).toContain(route.auditArea);
    }
    // A label on a route that is not audited would never show: it is a sign the audit rule and the table disagree.
    for (const [name, route] of table.filter(([, route]) => !isAuditedRoute(route))) {
      expect({ name, label: route.auditLabel, area: route.auditArea }).toEqual({ name, label: undefined, area: undefined });
    }
  });

  it('follows the same rule as the API: admin routes that write, and admin reads marked as exports', () => {
    const expected = routeNames.filter(
      (name) => routes[name].access === 'admin' && (routes[name].method !== 'GET' || 'auditedRead' in routes[name]),
    );
    expect([...auditedRouteNames].sort()).toEqual([...expected].sort());
    expect(isAuditedRoute({ access: 'admin', method: 'POST' })).toBe(true);
    expect(isAuditedRoute({ access: 'admin', method: 'GET' })).toBe(false);
    expect(isAuditedRoute({ access: 'admin', method: 'GET', auditedRead: true })).toBe(true);
    expect(isAuditedRoute({ access: 'user', method: 'POST' })).toBe(false);
  });

  it('words each action once: unique labels, past tense in sentence case, a few words, never a summary or a route name', () => {
    const labels = auditedRouteNames.map((name) => routes[name].auditLabel ?? '');
    expect(new Set(labels).size).toBe(labels.length);
    for (const [index, label] of labels.entries()) {
      const name = auditedRouteNames[index]!;
      expect(label, name).toMatch(/^[A-Z][a-z]+ed |^(Hid|Sent|Resent) /);
      expect(label, name).not.toMatch(/[.:;()`]|\s{2}/);
      expect(label.split(' ').length, name).toBeLessThanOrEqual(5);
      expect(label.slice(1), name).toBe(label.slice(1).replace(/\b(?!CoinGate|API\b)[A-Z]/g, (letter) => letter.toLowerCase()));
      expect(label, name).not.toBe(routes[name].summary);
      // A route name is one camelCase word (adminCreateDiscount); a label has none.
      expect(label.split(' '), name).not.toContain(name);
      expect(label, name).not.toMatch(/\b[a-z]+[A-Z]/);
    }
  });

  it('lists the actions for the filter grouped by area in the filter order', () => {
    expect(AUDIT_ACTIONS).toHaveLength(auditedRouteNames.length);
    const areas = AUDIT_ACTIONS.map((action) => AUDIT_AREAS.indexOf(action.area as (typeof AUDIT_AREAS)[number]));
    expect(areas).toEqual([...areas].sort((a, b) => a - b));
    // An area with no action would be an empty group, and its filter would match nothing.
    expect(new Set(AUDIT_ACTIONS.map((action) => action.area))).toEqual(new Set(AUDIT_AREAS));
    expect(AUDIT_ACTIONS).toContainEqual({ value: 'adminRefundOrder', label: 'Refunded order', area: 'Orders' });
    expect(AUDIT_ACTIONS).toContainEqual({ value: 'twoFactorEnable', label: 'Turned on two-factor sign-in', area: 'Security' });
  });

  it('reads an old entry by its stored route name, and one whose route is gone without showing that name', () => {
    expect(auditActionOf('adminCreateDiscount')).toEqual({ label: 'Created discount code', area: 'Discounts' });
    expect(auditActionOf('adminRemovedLongAgo')).toEqual(RETIRED_AUDIT_ACTION);
    expect(auditActionOf('toString')).toEqual(RETIRED_AUDIT_ACTION);
    // A route that exists but is not audited (a read) never had entries; it reads as retired rather than by its summary.
    expect(auditActionOf('adminListAudit').label).toBe(RETIRED_AUDIT_ACTION.label);
  });

  it('names kinds of target as staff do, never by a table name', () => {
    expect(auditTargetName('discounts')).toBe('Discount code');
    expect(auditTargetName('orders')).toBe('Order');
    expect(auditTargetName('users')).toBe('Account');
    expect(auditTargetName('settings')).toBe('Site settings');
    expect(auditTargetName('gift_cards')).toBe('Gift cards');
    expect(auditTargetName('constructor')).toBe('Constructor');
    expect(auditTargetName(null)).toBeNull();
  });
});
