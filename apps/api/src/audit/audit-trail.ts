import { routes, type RouteName } from '@store/contracts';
import { finished, Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requesterOf } from '../delivery/delivery-log.ts';
import { diffChanges, type ChangeDescription } from './changes.ts';

/*
 * The audit trail (docs/decisions/029-audit-trail.md). One mechanism: every route of the table with admin
 * access and a method that writes is registered with `auditHook`, which records each answer an admin got
 * from it (who, when, from where, the route, its target and the status), so a new admin route is audited
 * the moment it is in the table. What changed, before and after, is what the handler says with
 * `recordAuditChange`; the trail never copies a request body by itself, so a secret nobody thought of
 * cannot slip into it.
 */

// Which routes are audited is the contract's rule, so its test holds every such route to a label (docs/decisions/049-audit-labels.md).
export { auditedRouteNames, isAuditedRoute, type AuditedRouteName } from '@store/contracts';

/** What a handler tells the trail about its change: the target (when the path alone does not name it) and its fields. */
export interface AuditChangeInput extends ChangeDescription {
  /** The kind of target (`products`, `orders` ...); by default the path's first part after /api/admin/. */
  targetType?: string;
  /** The target's id; by default the path's `:id`. */
  targetId?: string | null;
  /** A name a person knows the target by (a product's title, a username). */
  targetLabel?: string | null;
}

interface NotedChange {
  targetType?: string;
  targetId?: string | null;
  targetLabel?: string | null;
  changes: ReturnType<typeof diffChanges> | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** What this request's handler changed, for the audit trail (set by `recordAuditChange`). */
    auditChange: NotedChange | null;
  }
}

/**
 * Tells the audit trail what this staff change changed. The fields are compared, masked and shortened at
 * once (only the difference is kept, never a secret in clear); the entry is written with the answer.
 */
export function recordAuditChange(request: FastifyRequest, change: AuditChangeInput): void {
  const { targetType, targetId, targetLabel, ...fields } = change;
  const changes = fields.before || fields.after ? diffChanges(fields) : null;
  request.auditChange = {
    ...(targetType !== undefined ? { targetType } : {}),
    ...(targetId !== undefined ? { targetId } : {}),
    ...(targetLabel !== undefined ? { targetLabel } : {}),
    changes: changes && Object.keys(changes).length > 0 ? changes : null,
  };
}

const LIMITS = { path: 2048, label: 200, targetId: 100 } as const;
const SAFE_ID = /^[A-Za-z0-9._-]{1,100}$/;
const SAFE_KIND = /^[a-z][a-z0-9_-]{0,39}$/;
const ERROR_CODE = /^[a-z][a-z0-9_]{0,63}$/;

/** The target kind a path names: its first part after /api/admin/ (or after /api/), `products` for /api/admin/products/:id/keys. */
export function targetTypeOf(path: string): string | null {
  const [kind] = path.replace(/^\/api\/(admin\/)?/, '').split('/');
  return kind && SAFE_KIND.test(kind) ? kind : null;
}

/** The path's `:id` when it looks like one (a refused request's parameters are not validated). */
function targetIdOf(params: unknown): string | null {
  const id = (params as { id?: unknown } | null | undefined)?.id;
  return typeof id === 'string' && SAFE_ID.test(id) ? id : null;
}

/** The error code of an error answer (`{ detail, code }`), or null. */
function errorCodeOf(status: number, payload: unknown): string | null {
  if (status < 400 || typeof payload !== 'string' || payload.length > 10_000) return null;
  try {
    const code = (JSON.parse(payload) as { code?: unknown }).code;
    return typeof code === 'string' && ERROR_CODE.test(code) ? code : null;
  } catch {
    return null;
  }
}

// eslint-disable-next-line no-control-regex
const printable = (text: string, max: number) => text.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, max);

/**
 * The `onSend` hook of an audited route: writes the entry before the answer leaves, so whoever sees the
 * answer finds the entry. Only an admin's requests are recorded: a 401 or 403 is no staff change (the guard
 * logs it), and recording those would let anyone fill the trail. Refused and failed requests are recorded
 * with their status and error code, without changes. Writing can fail after the change was made (it is not
 * in the change's transaction): then the whole entry goes to the error log, and the answer is sent as it
 * was, since failing it would only make staff repeat a change already made.
 *
 * A streamed answer (an export) is recorded when its stream ends or is cut, whichever comes first: only
 * then does its handler know what it handed out (the rows sent). The app waits for such entries on close.
 */
export function auditHook(app: FastifyInstance, name: RouteName) {
  const route = routes[name];
  const record = async (request: FastifyRequest, status: number, payload: unknown, caller: NonNullable<FastifyRequest['caller']>) => {
    const noted = request.auditChange;
    const requester = requesterOf(request);
    const label = noted?.targetLabel;
    const entry = {
      // A change made with an API key is the key's (docs/decisions/056-api-keys.md).
      actor_id: caller.apiKey ? null : caller.id,
      actor_username: caller.apiKey ? `API key ${caller.apiKey.name} (${caller.apiKey.prefix}…)` : caller.username,
      api_key_id: caller.apiKey?.id ?? null,
      ip: requester.ip,
      user_agent: requester.userAgent,
      action: name,
      method: route.method,
      path: printable(request.url.split('?')[0] ?? '', LIMITS.path),
      target_type: noted?.targetType ?? targetTypeOf(route.path),
      target_id: noted?.targetId !== undefined ? (noted.targetId?.slice(0, LIMITS.targetId) ?? null) : targetIdOf(request.params),
      target_label: label ? printable(label, LIMITS.label) : null,
      status_code: status,
      error_code: errorCodeOf(status, payload),
      // A refused or failed request changed nothing, whatever its handler noted before it stopped.
      changes: status < 400 && noted?.changes ? JSON.stringify(noted.changes) : null,
    };
    try {
      await app.db.insertInto('audit_log').values(entry).execute();
    } catch (error) {
      request.log.error({ err: error, audit: entry }, 'audit entry not written: the change was made, its record is this log line');
    }
  };
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    const caller = request.caller;
    // A HEAD of an audited read (the export) answers headers only: nothing was handed out or changed.
    if (!caller || caller.role !== 'admin' || request.method === 'HEAD') return payload;
    const status = reply.statusCode;
    if (payload instanceof Readable) {
      const pending = writesOf(app);
      const written = new Promise<void>((resolve) => finished(payload, () => resolve())).then(() => record(request, status, null, caller));
      pending.add(written);
      void written.finally(() => pending.delete(written));
      return payload;
    }
    await record(request, status, payload, caller);
    return payload;
  };
}

/** Each app's entries of streamed answers not written yet: awaited on close, and by tests before they read the trail. */
const pendingWrites = new WeakMap<FastifyInstance, Set<Promise<void>>>();

function writesOf(app: FastifyInstance): Set<Promise<void>> {
  const pending = pendingWrites.get(app);
  if (!pending) throw new Error('decorateAuditChange must run while the app is built');
  return pending;
}

/** Resolves once the entries of streamed answers that ended are written. */
export async function auditWritesSettled(app: FastifyInstance): Promise<void> {
  await Promise.allSettled([...(pendingWrites.get(app) ?? [])]);
}

/** Makes `request.auditChange` part of every request (null until a handler records a change), and waits for pending entries on close. */
export function decorateAuditChange(app: FastifyInstance): void {
  if (!app.hasRequestDecorator('auditChange')) app.decorateRequest('auditChange', null);
  if (!pendingWrites.has(app)) {
    const pending = new Set<Promise<void>>();
    pendingWrites.set(app, pending);
    app.addHook('onClose', async () => {
      await Promise.allSettled([...pending]);
    });
  }
}
