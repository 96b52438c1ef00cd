import { isMandatory, TEXT_LIMITS, type QuestionField as Field } from '@checkout/shared';
import * as messages from '@checkout/shared/messages/questions';
import { cx, FieldError, SafeHtml } from '@checkout/shared/ui';
import { copy } from './copy';

export interface QuestionFieldProps {
  field: Field;
  value: string;
  error: string | undefined;
  onValue: (value: string) => void;
}

/** The element id of an answer's input, so focus can be sent to it. */
export const inputIdOf = (key: string) => `question-${key}`;

/**
 * One question: its text is organiser HTML, cleaned by SafeHtml; a mandatory one shows an
 * asterisk and 'Required'; text, checkbox or dropdown (prepopulated_array). Hint and error are tied to the input.
 */
export function QuestionField({ field, value, error, onValue }: QuestionFieldProps) {
  const { question } = field;
  const id = inputIdOf(field.key);
  const mandatory = isMandatory(question);
  const describedBy =
    [mandatory ? `${id}-required` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  const label = (
    <>
      <SafeHtml as="span" html={question.question} />
      {mandatory ? (
        <span className="question__asterisk" aria-hidden="true">
          {' *'}
        </span>
      ) : null}
    </>
  );
  const required = mandatory ? (
    <span id={`${id}-required`} className="question__required">
      {messages.required}
    </span>
  ) : null;
  const common = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': mandatory || undefined,
  };

  if (question.type === 'checkbox') {
    return (
      <div className={cx('question', 'question--checkbox', error ? 'field--invalid' : undefined)}>
        <div className="check">
          <input
            {...common}
            type="checkbox"
            className="check__input"
            checked={value === '1'}
            onChange={(event) => onValue(event.target.checked ? '1' : '0')}
          />
          <label htmlFor={id} className="check__label">
            {label}
          </label>
        </div>
        {required}
        <FieldError id={id} error={error} />
      </div>
    );
  }
  return (
    <div className={cx('question', 'field', error ? 'field--invalid' : undefined)}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {required}
      {question.type === 'dropdown' ? (
        <select {...common} className="field__input" value={value} onChange={(event) => onValue(event.target.value)}>
          <option value="">{copy.chooseAnswer}</option>
          {question.prepopulated_array.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          type="text"
          className="field__input"
          value={value}
          maxLength={TEXT_LIMITS.message}
          onChange={(event) => onValue(event.target.value)}
        />
      )}
      <FieldError id={id} error={error} />
    </div>
  );
}
