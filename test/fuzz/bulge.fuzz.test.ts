/**
 * Fuzzing of the bulge readers: `bulge_types` and the rig adopt the
 * never-throws and always-located suites (mutated seeds, cut seeds with junk,
 * junk). `npm run fuzz` runs them with many more cases.
 */
import {
  BULGE_TYPES_SEEDS,
  BULGE_TYPES_UNDER_TEST,
  RIG_SEEDS,
  RIG_UNDER_TEST,
} from "../bulge/formats.js";
import { alwaysLocatedSuite, neverThrowsSuite } from "../property-suites.js";

neverThrowsSuite(BULGE_TYPES_UNDER_TEST, BULGE_TYPES_SEEDS);
alwaysLocatedSuite(BULGE_TYPES_UNDER_TEST, BULGE_TYPES_SEEDS);

neverThrowsSuite(RIG_UNDER_TEST, RIG_SEEDS);
alwaysLocatedSuite(RIG_UNDER_TEST, RIG_SEEDS);
