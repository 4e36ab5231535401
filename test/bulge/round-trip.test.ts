/** Every bulge writer round-trips: `read(write(m))` is `m` (and reports what the in-memory checks report). */
import { roundTripSuite } from "../property-suites.js";
import { BULGE_TYPES_UNDER_TEST, catalogueArb, RIG_UNDER_TEST, rigArb } from "./formats.js";

roundTripSuite(BULGE_TYPES_UNDER_TEST, catalogueArb);
roundTripSuite(RIG_UNDER_TEST, rigArb);
