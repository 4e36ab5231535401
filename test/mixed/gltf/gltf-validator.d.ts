/** The parts of the Khronos validator's JS API the tests use (the package ships no types). */
declare module "gltf-validator" {
  interface ValidationMessage {
    readonly code: string;
    readonly message: string;
    readonly severity: number;
    readonly pointer?: string;
  }
  interface ValidationReport {
    readonly issues: {
      readonly numErrors: number;
      readonly numWarnings: number;
      readonly messages: readonly ValidationMessage[];
    };
    readonly info: {
      readonly animationCount: number;
      readonly hasMorphTargets: boolean;
      readonly totalVertexCount: number;
    };
  }
  const validator: {
    validateBytes(data: Uint8Array, options?: Record<string, unknown>): Promise<ValidationReport>;
  };
  export default validator;
}
