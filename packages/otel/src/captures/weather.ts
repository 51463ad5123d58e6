/** What the capture scenarios' get_weather tool returned: every emitter family runs the same tool. */
export const PARIS = { city: "Paris", temp_c: 18, conditions: "sunny" };
export const TOKYO = { city: "Tokyo", temp_c: 24, conditions: "light rain" };

export const parisStep = { tool: "get_weather", arguments: { city: "Paris" }, result: PARIS };
export const tokyoStep = { tool: "get_weather", arguments: { city: "Tokyo" }, result: TOKYO };
