import type { EventCallable, Scope, Store } from 'effector';
import type { ApiClient } from './api/client';
import type { Checkout, User } from './contract/entities';
import type { CheckoutState } from './contract/states';

/** A notification for the shell's notification area. Never auto-dismissed here. */
export interface NotificationInput {
  type: 'warn' | 'error' | 'success' | 'default';
  text: string;
  title?: string;
  /** Notifications of one group replace each other instead of stacking. */
  group?: string;
  /**
   * Milliseconds before it closes by itself. Absent: it stays until clicked, as every checkout notification does,
   * except the one the spec times: 'Link copied' (2 s).
   */
  duration?: number;
  /**
   * Names an action the shell may offer inside the notification (a button under its text), shown only while the shell
   * has it to offer (NotificationArea's `actions`).
   */
  action?: string;
}

/** Read once at start-up from /remotes.json; nothing in it is secret. */
export interface RuntimeConfig {
  /** Prefix for API paths; '' when the page and the API share an origin. */
  apiBase: string;
  sentryDsn?: string;
  /** Real hCaptcha site key; absent means the offline sandbox challenge. */
  hcaptchaSiteKey?: string;
  /** Real Stripe publishable key; absent means the offline sandbox card form. */
  stripePublishableKey?: string;
  /**
   * The third-party accommodation map embedded on the order-completed 'Find a place to stay' view: an https URL with
   * `{address}` where the venue's address goes. Absent means no embed: the view links to the address on a map instead.
   */
  accommodationMapUrl?: string;
  /** The marketplace's name in the checkout's header; absent means the shell's built-in name. */
  marketplaceName?: string;
  /**
   * The marketplace's logo in the header instead of the built-in mark: a path on this site or an https URL (the
   * page's Content-Security-Policy must allow its host for images).
   */
  marketplaceLogoUrl?: string;
}

/** What the shell's model exposes to a step, read-only. */
export interface StepStores {
  $checkout: Store<Checkout | null>;
  $state: Store<CheckoutState>;
  $user: Store<User | null>;
  $secondsRemaining: Store<number | null>;
  $expired: Store<boolean>;
  /** True while a basket update or checkout reload is in flight. */
  $updatingBasket: Store<boolean>;
}

/** The shell's commands. A step calls them inside `scope` (effector-react's useUnit under <Provider value={scope}>). */
export interface StepCommands {
  /** The current step is done: the shell computes the next state with rules/next-step.ts. */
  stepCompleted: EventCallable<void>;
  /** Jump to a state the spec names explicitly (e.g. captcha demanded, back to the basket after an error). */
  goTo: EventCallable<CheckoutState>;
  /** 'Yes, I'm sure' on Edit basket: destroys the sale, then the basket. */
  editBasket: EventCallable<void>;
  reloadCheckout: EventCallable<void>;
  refreshUser: EventCallable<void>;
  notify: EventCallable<NotificationInput>;
  /** The reservation was made: seconds from the server's checkout_time; the countdown starts. */
  reservationStarted: EventCallable<number>;
}

/** Everything the shell hands a mounted step. A remote never imports the shell: this is the whole interface. */
export interface StepProps {
  /** CONTRACT_VERSION of the shell; a remote built against another version is refused before it mounts. */
  contractVersion: number;
  /** The state this step was mounted for. */
  state: CheckoutState;
  scope: Scope;
  stores: StepStores;
  commands: StepCommands;
  api: ApiClient;
  config: RuntimeConfig;
}
