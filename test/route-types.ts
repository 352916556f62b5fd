// What the harness's `call` answers, typed from the API's own route types (AppType): a concrete path such as
// `/api/readings/12/interpretation?x=1` finds its route (`/api/readings/:id/interpretation`), and the answer's
// `data` is what that route declares for success. On a path the types do not know `data` is `unknown`: a test
// narrows it itself.
import type { ExtractSchema, MergeSchemaPath } from 'hono/types';
import type { AppType } from '../api/app';
import type { yookassaWebhookRoutes } from '../api/routes/payments';

/** The API's routes, and YooKassa's webhook: mounted at /api/payments beside the typed app, typed by its own routes. */
type Schema = ExtractSchema<AppType> & MergeSchemaPath<ExtractSchema<ReturnType<typeof yookassaWebhookRoutes>>, '/api/payments'>;
type RouteKey = keyof Schema & string;

type Segments<P extends string> = P extends `${infer Head}/${infer Tail}` ? [Head, ...Segments<Tail>] : [P];
type SegmentsMatch<Path extends string[], Route extends string[]> = Path extends [infer P, ...infer PRest extends string[]]
  ? Route extends [infer R, ...infer RRest extends string[]]
    ? (R extends `:${string}` ? true : P extends R ? true : false) extends true
      ? SegmentsMatch<PRest, RRest>
      : false
    : false
  : Route extends []
    ? true
    : false;

type WithoutQuery<P extends string> = P extends `${infer Base}?${string}` ? Base : P;

/** The route key a concrete path is served by: the exact key, else the keys whose parameters it fills. */
type RouteOf<P extends string> =
  WithoutQuery<P> extends RouteKey
    ? WithoutQuery<P>
    : { [K in RouteKey]: SegmentsMatch<Segments<WithoutQuery<P>>, Segments<K>> extends true ? K : never }[RouteKey];

type OutputOf<M extends string, P extends string> = [RouteOf<P>] extends [never]
  ? unknown
  : Schema[RouteOf<P>] extends infer E
    ? E extends Record<`$${Lowercase<M>}`, infer Endpoint>
      ? Endpoint extends { output: infer O }
        ? O
        : unknown
      : unknown
    : unknown;

type SuccessData<O> = Extract<O, { success: true }> extends { data: infer D } ? D : never;

/**
 * The JSON body of an answer to `method path`: `data` as the route declares its success (absent on a
 * refusal, which carries `error` and maybe `code` and details instead).
 */
export type AnswerBody<M extends string, P extends string> = [SuccessData<OutputOf<M, P>>] extends [never]
  ? any
  : { success: boolean; data: SuccessData<OutputOf<M, P>>; error?: string; code?: string } & Record<string, any>;
