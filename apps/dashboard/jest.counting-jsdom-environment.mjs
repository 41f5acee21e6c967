// The unit tests' jsdom environment, counting each test as it ends like every
// other suite of the test command (scripts/jest-counting-environment.mjs).
import { TestEnvironment as JsdomEnvironment } from 'jest-environment-jsdom';
import { withTestCounts } from '../../scripts/jest-counting-environment.mjs';

export default withTestCounts(JsdomEnvironment);
