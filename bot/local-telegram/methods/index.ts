// The Bot API method table: each method the bot (grammY, its plugins, the push sender, Stars) calls, by name.
// A method throws ApiFailure to answer the way Telegram refuses; anything else it returns is the `result`.
import type { Store } from '../store';
import { messageMethods } from './messages';
import { paymentMethods } from './payments';
import { richMethods } from './rich';
import { setupMethods } from './setup';
import { updateMethods } from './updates';
import type { MethodTable } from './table';

export function botApiMethods(store: Store): MethodTable {
  return { ...setupMethods(store), ...updateMethods(store), ...messageMethods(store), ...richMethods(store), ...paymentMethods(store) };
}
