// The portal's one form pattern (decision 091): a component that renders a <form> keeps its
// fields in useSchemaForm (react-hook-form checked by the call's shared schema), not in
// useState. A field kept in useState shows up as a state setter called from a change handler
// (an on…Change prop or property); three or more of them in one file is a hand-rolled form. The
// older pattern, useCheckedForm (fields in state, rules by hand; removed with the last form that
// used it), stays refused in a form, so it does not come back.

const FIELD_LIMIT = 3;
const CHANGE_HANDLER = /^on[A-Z]?\w*Change$/;
/** on… props that report an outcome rather than a field's value. */
const OUTCOME_HANDLER = /^on(Outcome|Done|Close|Saved|Error|Success)$/;

/** `const [value, setValue] = useState(...)` (or React.useState): the setter's name. */
function stateSetterName(declarator) {
  const init = declarator.init;
  if (!init || init.type !== 'CallExpression' || declarator.id.type !== 'ArrayPattern') return null;
  const callee = init.callee;
  const isUseState =
    (callee.type === 'Identifier' && callee.name === 'useState') ||
    (callee.type === 'MemberExpression' && callee.property.type === 'Identifier' && callee.property.name === 'useState');
  const setter = declarator.id.elements[1];
  return isUseState && setter?.type === 'Identifier' ? setter.name : null;
}

/** The name of the prop or property a handler is given to, if it is one (onChange, onPasswordChange). */
function handlerName(node) {
  if (node.type === 'JSXAttribute' && node.name.type === 'JSXIdentifier') return node.name.name;
  if (node.type === 'Property' && node.key.type === 'Identifier') return node.key.name;
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'suggestion',
    docs: { description: 'A form keeps its fields in useSchemaForm with the shared schema, not in useState (decision 091).' },
    schema: [],
    messages: {
      handRolled:
        "This form keeps {{count}} fields in useState ({{setters}}): use useSchemaForm (lib/use-schema-form.ts) with the call's schema from packages/shared (decision 091).",
      checkedForm:
        "This form checks its fields with useCheckedForm: use useSchemaForm (lib/use-schema-form.ts) with the call's schema from packages/shared (decision 091).",
    },
  },
  create(context) {
    const setters = new Set();
    const fieldSetters = new Set();
    const forms = [];
    let checkedForm = null;
    return {
      CallExpression(node) {
        if (node.callee.type === 'Identifier' && node.callee.name === 'useCheckedForm') checkedForm ??= node;
      },
      VariableDeclarator(node) {
        const name = stateSetterName(node);
        if (name) setters.add(name);
      },
      JSXOpeningElement(node) {
        if (node.name.type === 'JSXIdentifier' && node.name.name === 'form') forms.push(node);
      },
      // A setter called inside a change handler, or handed over as any on… prop (onRoles={setRoles}).
      Identifier(node) {
        if (node.parent.type === 'VariableDeclarator' || node.parent.type === 'ArrayPattern') return;
        const container = node.parent;
        if (
          container.type === 'JSXExpressionContainer' &&
          container.parent.type === 'JSXAttribute' &&
          /^on[A-Z]/.test(handlerName(container.parent) ?? '') &&
          !OUTCOME_HANDLER.test(handlerName(container.parent) ?? '')
        ) {
          fieldSetters.add(node.name);
          return;
        }
        for (const ancestor of context.sourceCode.getAncestors(node)) {
          const name = handlerName(ancestor);
          if (name && CHANGE_HANDLER.test(name)) {
            fieldSetters.add(node.name);
            return;
          }
        }
      },
      'Program:exit'() {
        if (forms.length === 0) return;
        if (checkedForm) context.report({ node: checkedForm, messageId: 'checkedForm' });
        const used = [...fieldSetters].filter((name) => setters.has(name));
        if (used.length < FIELD_LIMIT) return;
        context.report({ node: forms[0], messageId: 'handRolled', data: { count: String(used.length), setters: used.join(', ') } });
      },
    };
  },
};

export default { rules: { 'schema-form-fields': rule } };
