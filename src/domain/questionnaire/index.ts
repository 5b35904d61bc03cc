export * from '../../contract/questionnaire-format';
export {
  clearExpressionCache,
  evaluateCondition,
  evaluateExpression,
  ExpressionError,
  expressionError,
  expressionVariables,
  isValueEmpty,
  parseExpression,
  printExpression,
} from './expression';
export type { BinaryOperator, ExpressionNode, ExpressionValues } from './expression';
export * from './visibility';
export * from './validate';
export * from './check';
export * from './booking-facts';
