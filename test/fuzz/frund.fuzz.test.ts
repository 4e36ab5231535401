/**
 * Fuzzing of the FRUND readers: every format, in every encoding, adopts the
 * never-throws and always-located suites (mutated seeds, cut seeds with junk,
 * junk). `npm run fuzz` runs them with many more cases.
 */
import {
  AGR_BINARY,
  AGR_BINARY_SEEDS,
  AGR_TEXT,
  AGR_TEXT_SEEDS,
  AMB_BINARY,
  AMB_BINARY_SEEDS,
  AMB_TEXT,
  AMB_TEXT_SEEDS,
  AMX_SEEDS,
  AMX_UNDER_TEST,
  CAD_SEEDS,
  CAD_UNDER_TEST,
} from "../formats.js";
import { alwaysLocatedSuite, neverThrowsSuite } from "../property-suites.js";

neverThrowsSuite(AMX_UNDER_TEST, AMX_SEEDS);
alwaysLocatedSuite(AMX_UNDER_TEST, AMX_SEEDS);

neverThrowsSuite(CAD_UNDER_TEST, CAD_SEEDS);
alwaysLocatedSuite(CAD_UNDER_TEST, CAD_SEEDS);

neverThrowsSuite(AGR_TEXT, AGR_TEXT_SEEDS);
alwaysLocatedSuite(AGR_TEXT, AGR_TEXT_SEEDS);

neverThrowsSuite(AGR_BINARY, AGR_BINARY_SEEDS);
alwaysLocatedSuite(AGR_BINARY, AGR_BINARY_SEEDS);

neverThrowsSuite(AMB_TEXT, AMB_TEXT_SEEDS);
alwaysLocatedSuite(AMB_TEXT, AMB_TEXT_SEEDS);

neverThrowsSuite(AMB_BINARY, AMB_BINARY_SEEDS);
alwaysLocatedSuite(AMB_BINARY, AMB_BINARY_SEEDS);
