/** The seed's `.amx` model exactly as the spec renders it (shared by the .amx and CLI suites). */
const SEED_BODY_2 = [
  -0.99999, 0.00190386, -0.00403572, -0.374617, -0.001825, -0.999809, -0.0194551, -0.0252398,
  -0.00407199, -0.0194476, 0.999803, 0.619363,
];
const SEED_BODY_6 = [
  -0.999992, -0.000132341, -0.00407241, -0.374657, -0.00033201, 0.998795, 0.0490684, 0.0576611,
  -0.00406101, -0.0490693, 0.998787, 0.609129,
];
export const SEED_AMX = {
  mbs: "Animation10_no_shift_arms.amb",
  bodies: [
    {
      body: 2,
      variantInUse: 0,
      animations: [
        {
          type: 1,
          scalarParam: 0,
          vectorParam: 0,
          file: "arm_new_E1e3_T10_S1e-2.agr",
          matrix: SEED_BODY_2,
        },
      ],
    },
    {
      body: 6,
      variantInUse: 0,
      animations: [
        {
          type: 1,
          scalarParam: 0,
          vectorParam: 0,
          file: "arm_new_E1e3_T10_S1e-2.agr",
          matrix: SEED_BODY_6,
        },
      ],
    },
  ],
};
