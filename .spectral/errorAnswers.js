// Spectral function: an operation that takes input (parameters or a body) declares 4xx answers, each in
// the one error shape {"detail":{"code","data"?}} with the codes it may carry as an enum.
export default function errorAnswers(operation, _options, context) {
  const takesInput = (operation?.parameters ?? []).length > 0 || Boolean(operation?.requestBody);
  const responses = operation?.responses ?? {};
  const errors = Object.keys(responses).filter((status) => /^[45]\d\d$/.test(status));
  if (takesInput && !errors.some((status) => status.startsWith('4'))) {
    return [{ message: 'The operation takes input but declares no 4xx answer.', path: [...context.path] }];
  }
  const problems = [];
  for (const status of errors) {
    const schema = responses[status]?.content?.['application/json']?.schema;
    const code = schema?.properties?.detail?.properties?.code;
    if (!code || !Array.isArray(code.enum) || code.enum.length === 0) {
      problems.push({
        message: `The ${status} answer is not the error shape with its codes listed.`,
        path: [...context.path, 'responses', status],
      });
    }
  }
  return problems;
}
