import fc from "fast-check";
import protobuf from "protobufjs";
import { describe, expect, it } from "vitest";
import { encodeRpcStatus } from "./rpc-status.js";

// The message as google/rpc/status.proto declares it (details, field 3, is never sent here).
const Status = protobuf.parse('syntax = "proto3"; message Status { int32 code = 1; string message = 2; }').root.lookupType("Status");

describe("encodeRpcStatus", () => {
  it("writes the bytes protobufjs writes for the same google.rpc.Status", () => {
    fc.assert(
      fc.property(fc.nat({ max: 2 ** 31 - 1 }), fc.string({ unit: "grapheme", maxLength: 300 }), (code, message) => {
        const mine = encodeRpcStatus(code, message);
        expect(Array.from(mine)).toEqual(Array.from(Status.encode(Status.fromObject({ code, message })).finish()));
        expect(Status.toObject(Status.decode(mine), { defaults: true })).toEqual({ code, message });
      }),
      { numRuns: 500, seed: 20261203 },
    );
  });
});
