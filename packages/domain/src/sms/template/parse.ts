// Parser for the bulk-message template language. The syntax is documented, with examples, in
// the package README ("Message templates"). Parsing needs no sheet; references are resolved
// when messages are built, so the same parse serves the editor and the sender.

export type ComparisonOperator = '=' | '!=' | '>' | '<' | '>=' | '<=' | 'on' | 'after' | 'before';

export type TemplateToken =
  | { readonly type: 'text'; readonly value: string }
  | { readonly type: 'value'; readonly ref: string; readonly hide: boolean; readonly raw: string }
  | {
      readonly type: 'if';
      readonly raw: string;
      /** null when the condition could not be understood; such a condition never holds. */
      readonly condition: {
        readonly ref: string;
        readonly op: ComparisonOperator;
        readonly value: string;
      } | null;
    };

const SYMBOL_OPERATORS: ReadonlyArray<readonly [string, ComparisonOperator]> = [
  ['date>=', 'after'],
  ['date<=', 'before'],
  ['date=', 'on'],
  ['date>', 'after'],
  ['date<', 'before'],
  ['!=', '!='],
  ['<>', '!='],
  ['>=', '>='],
  ['<=', '<='],
  ['==', '='],
  ['=', '='],
  ['>', '>'],
  ['<', '<'],
];

const WORD_OPERATORS: readonly ComparisonOperator[] = ['on', 'after', 'before'];

function unquote(text: string): string {
  const t = text.trim();
  const quoted = /^(["'“‘])(.*)(["'”’])$/.exec(t);
  return quoted ? (quoted[2] ?? '') : t;
}

/** Splits `Due > 0` / `Due Date before NOW` into reference, operator and value. */
export function parseCondition(
  body: string,
): { readonly ref: string; readonly op: ComparisonOperator; readonly value: string } | null {
  const lower = body.toLowerCase();
  // Symbolic operators first: column names rarely contain = < >, so the first one found splits.
  let best: { index: number; token: string; op: ComparisonOperator } | null = null;
  for (const [token, op] of SYMBOL_OPERATORS) {
    const index = lower.indexOf(token);
    if (
      index > 0 &&
      (best === null || index < best.index || (index === best.index && token.length > best.token.length))
    ) {
      best = { index, token, op };
    }
  }
  if (best) {
    const ref = body.slice(0, best.index).trim();
    const value = unquote(body.slice(best.index + best.token.length));
    return ref === '' ? null : { ref, op: best.op, value };
  }
  // Word operators may also occur inside a column name ("Paid on"), so the last one splits.
  const words = [...lower.matchAll(/\s(on|after|before)(?=\s)/g)];
  const last = words.at(-1);
  if (!last || last.index === undefined) return null;
  const op = WORD_OPERATORS.find((w) => w === last[1]);
  const ref = body.slice(0, last.index).trim();
  const value = unquote(body.slice(last.index + last[0].length));
  return op && ref !== '' && value !== '' ? { ref, op, value } : null;
}

function placeholder(content: string, raw: string): TemplateToken {
  const inner = content.trim();
  const ifMatch = /^if\s+(.*)$/is.exec(inner);
  if (ifMatch) return { type: 'if', raw, condition: parseCondition(ifMatch[1] ?? '') };
  const [refPart = '', ...modifiers] = inner.split('|');
  const hide = modifiers.some((m) => m.trim().toLowerCase() === 'hide');
  return { type: 'value', ref: refPart.trim(), hide, raw };
}

/**
 * Splits a template into text, value placeholders and include-if conditions. `{{` and `}}` are
 * literal braces; an unclosed or empty `{` is kept as text.
 */
export function parseTemplate(template: string): TemplateToken[] {
  const tokens: TemplateToken[] = [];
  let text = '';
  let i = 0;
  const flush = () => {
    if (text !== '') tokens.push({ type: 'text', value: text });
    text = '';
  };
  while (i < template.length) {
    const ch = template[i];
    const next = template[i + 1];
    if ((ch === '{' && next === '{') || (ch === '}' && next === '}')) {
      text += ch;
      i += 2;
      continue;
    }
    if (ch === '{') {
      const close = template.indexOf('}', i + 1);
      const content = close === -1 ? '' : template.slice(i + 1, close);
      if (close === -1 || content.trim() === '' || content.includes('{')) {
        text += ch;
        i += 1;
        continue;
      }
      flush();
      tokens.push(placeholder(content, template.slice(i, close + 1)));
      i = close + 1;
      continue;
    }
    text += ch;
    i += 1;
  }
  flush();
  return tokens;
}
