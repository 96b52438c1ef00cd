import { attach, combine, createEffect, createEvent, createStore, sample } from 'effector';
import {
  answersToSend,
  firstIncompleteStep,
  isStepComplete,
  missingAnswers,
  type QuestionStep,
} from '@checkout/shared';
import * as messages from '@checkout/shared/messages/questions';
import {
  $deps,
  apiOf,
  asStringRecord,
  clearDraft,
  depsReceived,
  readDraft,
  writeDraft,
  fieldErrorsOf,
  notifyError,
  serverMessageOf,
  shellCommandsSent,
  stepCompleted,
  type StepDeps,
} from '@checkout/shared/parcel';

/** Which questions: before payment (ticket_questions_before) or after (ticket_questions_after); sent as before_or_after. */
export type QuestionTiming = 'before' | 'after';

/** Where keyboard focus should go after Continue: the new step's heading, or the first field still in error. */
export type FocusRequest = { target: 'heading' } | { target: 'field'; key: string };

export const questionsOpened = createEvent<{
  deps: StepDeps;
  timing: QuestionTiming;
  steps: QuestionStep[];
  /** The sale's reference: answers typed but not saved yet are kept for it in this tab, so a reload keeps them. */
  saleReference?: string | null;
}>();
export const answerChanged = createEvent<{ key: string; value: string }>();
/** The buyer picked a step in the step list. */
export const stepChosen = createEvent<number>();
export const continuePressed = createEvent();

export const $steps = createStore<QuestionStep[]>([]);
export const $timing = createStore<QuestionTiming>('before');
export const $answers = createStore<Record<string, string>>({});
/** Ids of the steps the buyer has seen (a step counts as complete once visited…). */
export const $visited = createStore<string[]>([]);
/** Ids of the steps whose missing answers are shown ('Please enter your answer'): validation has run on them. */
export const $checked = createStore<string[]>([]);
export const $current = createStore(0);
/** What the server refused, by answer key; an answer's message goes when the buyer changes it. */
export const $serverErrors = createStore<Record<string, string>>({});
/** The save failure shown in the step (and as a toast). */
export const $error = createStore<string | null>(null);
/** Bumped with each request so the same target can be focused twice. */
export const $focus = createStore<{ request: FocusRequest; seq: number } | null>(null);

export const saveAnswersFx = attach({
  source: { deps: $deps, steps: $steps, answers: $answers, timing: $timing },
  effect: ({ deps, steps, answers, timing }) =>
    apiOf(deps).saveQuestionAnswers({ answers: answersToSend(steps, answers), before_or_after: timing }),
});
export const $saving = saveAnswersFx.pending;

/** Ids of the steps that are complete (their tick). */
export const $completed = combine($steps, $answers, $visited, (steps, answers, visited) => {
  const seen = new Set(visited);
  return steps.filter((step) => isStepComplete(step, answers, seen)).map((step) => step.id);
});

/** Field messages by answer key: missing mandatory answers of checked steps, then what the server said. */
export const $fieldErrors = combine($steps, $answers, $checked, $serverErrors, (steps, answers, checked, server) => {
  const errors: Record<string, string> = { ...server };
  for (const step of steps) {
    if (!checked.includes(step.id)) continue;
    for (const key of missingAnswers(step, answers)) errors[key] = messages.answerRequired;
  }
  return errors;
});

// ---- Opening -----------------------------------------------------------------------------------------------------

sample({ clock: questionsOpened, fn: ({ deps }) => deps, target: depsReceived });
$steps.on(questionsOpened, (_, { steps }) => steps);
$timing.on(questionsOpened, (_, { timing }) => timing);
$visited.on(questionsOpened, (_, { steps }) => (steps[0] ? [steps[0].id] : []));
$current.on(questionsOpened, () => 0);
$answers.reset(questionsOpened);

// ---- Answers typed but not saved survive a reload (this tab's sessionStorage, until they are saved) ----------------

const draftKeyOf = (saleReference: string, timing: QuestionTiming) => `questions:${saleReference}:${timing}`;
export const recallAnswersFx = createEffect((key: string) => readDraft(key, asStringRecord));
export const keepAnswersFx = createEffect(({ key, answers }: { key: string; answers: Record<string, string> }) =>
  writeDraft(key, answers),
);
export const forgetAnswersFx = createEffect((key: string) => clearDraft(key));

const $draftKey = createStore<string | null>(null).on(questionsOpened, (_, { saleReference, timing }) =>
  saleReference ? draftKeyOf(saleReference, timing) : null,
);
sample({
  clock: questionsOpened,
  source: $draftKey,
  filter: (key): key is string => key !== null,
  target: recallAnswersFx,
});
// Only answers to the questions on screen come back, and not over anything typed meanwhile.
sample({
  clock: recallAnswersFx.doneData,
  source: { steps: $steps, answers: $answers },
  fn: ({ steps, answers }, draft) => {
    const keys = new Set(steps.flatMap((step) => step.fields.map((field) => field.key)));
    const kept = Object.fromEntries(Object.entries(draft ?? {}).filter(([key]) => keys.has(key)));
    return { ...kept, ...answers };
  },
  target: $answers,
});
sample({
  clock: answerChanged,
  source: { key: $draftKey, answers: $answers },
  filter: ({ key }) => key !== null,
  fn: ({ key, answers }, { key: field, value }) => ({ key: key ?? '', answers: { ...answers, [field]: value } }),
  target: keepAnswersFx,
});
sample({
  clock: saveAnswersFx.done,
  source: $draftKey,
  filter: (key, { result }) => key !== null && result.questions_set,
  fn: (key) => key ?? '',
  target: forgetAnswersFx,
});

$checked.reset(questionsOpened);
$serverErrors.reset(questionsOpened);
$error.reset(questionsOpened);
$focus.reset(questionsOpened);

// ---- Answering and moving between steps --------------------------------------------------------------------------

$answers.on(answerChanged, (answers, { key, value }) => ({ ...answers, [key]: value }));
$serverErrors.on(answerChanged, (errors, { key }) => {
  if (!(key in errors)) return errors;
  const { [key]: _gone, ...rest } = errors;
  return rest;
});

const chosen = sample({
  clock: stepChosen,
  source: $steps,
  filter: (steps, index) => index >= 0 && index < steps.length,
  fn: (_, index) => index,
});
$current.on(chosen, (_, index) => index);
sample({
  clock: chosen,
  source: { steps: $steps, visited: $visited },
  fn: ({ steps, visited }, index) => withId(visited, steps[index]),
  target: $visited,
});

function withId(ids: string[], step: QuestionStep | undefined): string[] {
  return step && !ids.includes(step.id) ? [...ids, step.id] : ids;
}

// ---- Continue (the first incomplete step is shown and validation runs; save only when all are complete) ----------

type ContinueOutcome =
  | { kind: 'save'; visited: string[]; checked: string[] }
  | { kind: 'show'; index: number; visited: string[]; checked: string[]; focus: FocusRequest };

const continued = sample({
  clock: continuePressed,
  source: {
    steps: $steps,
    answers: $answers,
    visited: $visited,
    checked: $checked,
    current: $current,
    saving: $saving,
  },
  filter: ({ saving }) => !saving,
  fn: ({ steps, answers, visited, checked, current }): ContinueOutcome => {
    const here = steps[current];
    const seen = withId(visited, here);
    const validated = withId(checked, here);
    const index = firstIncompleteStep(steps, answers, new Set(seen));
    const next = steps[index];
    if (!next) return { kind: 'save', visited: seen, checked: validated };
    // A step seen before is incomplete because of its answers: show them. A new step is just shown.
    const known = seen.includes(next.id);
    const missing = missingAnswers(next, answers);
    const focus: FocusRequest = known && missing[0] ? { target: 'field', key: missing[0] } : { target: 'heading' };
    return {
      kind: 'show',
      index,
      visited: withId(seen, next),
      checked: known ? withId(validated, next) : validated,
      focus,
    };
  },
});

$visited.on(continued, (_, outcome) => outcome.visited);
$checked.on(continued, (_, outcome) => outcome.checked);
const shown = sample({
  clock: continued,
  filter: (o): o is Extract<ContinueOutcome, { kind: 'show' }> => o.kind === 'show',
});
$current.on(shown, (_, { index }) => index);
$focus.on(shown, (focus, outcome) => ({ request: outcome.focus, seq: (focus?.seq ?? 0) + 1 }));
sample({ clock: continued, filter: (o) => o.kind === 'save', target: saveAnswersFx });

// ---- Saving (save_question_answers and its failure) ----------------------------------------------------------------

$error.reset(saveAnswersFx);
$serverErrors.reset(saveAnswersFx);
sample({
  clock: saveAnswersFx.doneData,
  filter: ({ questions_set }) => questions_set,
  fn: () => [stepCompleted],
  target: shellCommandsSent,
});

const refused = sample({
  clock: saveAnswersFx.doneData,
  filter: ({ questions_set }) => !questions_set,
  fn: () => messages.saveAnswersFailed,
});

/** A failed request: the response body is shown (the server's sentence, or the body itself), else the spec's message. */
export function saveFailureText(error: unknown): string {
  const server = serverMessageOf(error);
  if (server) return server;
  const body = typeof error === 'object' && error !== null ? (error as { body?: unknown }).body : undefined;
  return typeof body === 'string' && body.trim() !== '' ? body.trim() : messages.saveAnswersFailed;
}
const failed = sample({ clock: saveAnswersFx.failData, fn: saveFailureText });

$error.on([refused, failed], (_, text) => text);
sample({ clock: [refused, failed], fn: (text) => [notifyError(text, 'questions')], target: shellCommandsSent });

// The server names the answers it refused: show them on their fields, on the first step holding one.
const fieldErrors = sample({ clock: saveAnswersFx.failData, fn: fieldErrorsOf });
$serverErrors.on(fieldErrors, (_, errors) => errors);
const refusedStep = sample({
  clock: fieldErrors,
  source: $steps,
  filter: (_, errors) => Object.keys(errors).length > 0,
  fn: (steps, errors) => {
    const index = steps.findIndex((step) => step.fields.some((field) => field.key in errors));
    const key = steps[index]?.fields.find((field) => field.key in errors)?.key;
    return { index, key };
  },
});
const located = sample({ clock: refusedStep, filter: ({ index, key }) => index >= 0 && key !== undefined });
$current.on(located, (_, { index }) => index);
$focus.on(located, (focus, { key }) => ({ request: { target: 'field', key: key ?? '' }, seq: (focus?.seq ?? 0) + 1 }));
