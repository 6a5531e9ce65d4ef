import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { BillingPlan, CatalogProduct, PlanStatus } from './billing-types.ts';
import { minimalPlanView, planView, productView } from './billing-view.ts';
import { parsePlanRequest, parseProductPatch, parseProductRequest } from './catalog-request.ts';
import { PayPalApiError, issue, resourceNotFound, unprocessable } from './errors.ts';
import { isoSeconds, newPlanId, newProductId } from './ids.ts';
import { prefersRepresentation } from './order-view.ts';
import { idempotent } from './request-ids.ts';
import type { SandboxState } from './state.ts';

export function findProduct(state: SandboxState, clientId: string, productId: string): CatalogProduct {
  const product = state.products.get(productId);
  if (!product || product.clientId !== clientId) throw resourceNotFound(productId);
  return product;
}

export function findPlan(state: SandboxState, clientId: string, planId: string): BillingPlan {
  const plan = state.plans.get(planId);
  if (!plan || plan.clientId !== clientId) throw resourceNotFound(planId);
  return plan;
}

/** A body field naming a resource that does not exist: PayPal's 404 with the field in the body. */
export function unknownReference(field: string, value: string): PayPalApiError {
  return new PayPalApiError(404, 'RESOURCE_NOT_FOUND', [issue('INVALID_RESOURCE_ID', { field, value, location: 'body' })]);
}

const now = (state: SandboxState): string => isoSeconds(new Date(state.now()));

/** Catalog Products v1: create, show, PATCH. */
function registerProductRoutes(app: FastifyInstance, state: SandboxState, clientOf: (request: FastifyRequest) => string): void {
  app.post('/v1/catalogs/products', async (request, reply) => {
    const clientId = clientOf(request);
    const requestIds = idempotent(state, request, `${clientId} create-product`);
    if (requestIds.replayed(reply)) return reply;
    const { id, ...fields } = parseProductRequest(request.body);
    if (id !== undefined && state.products.has(id)) {
      throw unprocessable([
        issue('DUPLICATE_RESOURCE_IDENTIFIER', { field: '/id', value: id, location: 'body' }, 'A resource with this id already exists.'),
      ]);
    }
    const time = now(state);
    const product: CatalogProduct = { id: id ?? newProductId(), clientId, ...fields, create_time: time, update_time: time };
    state.products.set(product.id, product);
    const body = productView(state, product);
    requestIds.remember(body);
    return reply.status(201).send(body);
  });

  app.get<{ Params: { id: string } }>('/v1/catalogs/products/:id', async (request) => {
    return productView(state, findProduct(state, clientOf(request), request.params.id));
  });

  app.patch<{ Params: { id: string } }>('/v1/catalogs/products/:id', async (request, reply) => {
    const product = findProduct(state, clientOf(request), request.params.id);
    const operations = parseProductPatch(request.body);
    const fields = product as unknown as Record<string, unknown>;
    for (const operation of operations) {
      if (operation.op === 'remove') delete fields[operation.field];
      else fields[operation.field] = operation.value;
    }
    product.update_time = now(state);
    return reply.status(204).send();
  });
}

/** Plans v1: create, show, activate, deactivate. */
function registerPlanRoutes(app: FastifyInstance, state: SandboxState, clientOf: (request: FastifyRequest) => string): void {
  app.post('/v1/billing/plans', async (request, reply) => {
    const clientId = clientOf(request);
    const requestIds = idempotent(state, request, `${clientId} create-plan`);
    if (requestIds.replayed(reply)) return reply;
    const planRequest = parsePlanRequest(request.body);
    const product = state.products.get(planRequest.product_id);
    if (product?.clientId !== clientId) throw unknownReference('/product_id', planRequest.product_id);
    const time = now(state);
    const plan: BillingPlan = {
      id: newPlanId(),
      clientId,
      product_id: product.id,
      name: planRequest.name,
      status: planRequest.status,
      ...(planRequest.description === undefined ? {} : { description: planRequest.description }),
      billing_cycles: planRequest.billing_cycles.map(({ fixed_price: fixedPrice, ...cycle }) => ({
        ...cycle,
        ...(fixedPrice ? { pricing_scheme: { version: 1, fixed_price: fixedPrice, create_time: time, update_time: time } } : {}),
      })),
      payment_preferences: planRequest.payment_preferences,
      create_time: time,
      update_time: time,
    };
    state.plans.set(plan.id, plan);
    const body = prefersRepresentation(request.headers.prefer) ? planView(state, plan) : minimalPlanView(state, plan);
    requestIds.remember(body);
    return reply.status(201).send(body);
  });

  app.get<{ Params: { id: string } }>('/v1/billing/plans/:id', async (request) => {
    return planView(state, findPlan(state, clientOf(request), request.params.id));
  });

  const changeStatus = (action: 'activate' | 'deactivate', from: readonly PlanStatus[], to: PlanStatus) =>
    app.post<{ Params: { id: string } }>(`/v1/billing/plans/:id/${action}`, async (request, reply) => {
      const plan = findPlan(state, clientOf(request), request.params.id);
      if (!from.includes(plan.status)) {
        throw unprocessable([
          issue(
            'PLAN_STATUS_INVALID',
            {},
            `Invalid plan status for ${action} action; plan status should be ${from.join(' or ').toLowerCase()}.`,
          ),
        ]);
      }
      plan.status = to;
      plan.update_time = now(state);
      return reply.status(204).send();
    });
  changeStatus('activate', ['CREATED', 'INACTIVE'], 'ACTIVE');
  changeStatus('deactivate', ['ACTIVE'], 'INACTIVE');
}

export function registerCatalogRoutes(app: FastifyInstance, state: SandboxState, clientOf: (request: FastifyRequest) => string): void {
  registerProductRoutes(app, state, clientOf);
  registerPlanRoutes(app, state, clientOf);
}
