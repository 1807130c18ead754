import { classValidator } from "@trellis/adapter-class-validator";
import {
  type App,
  Body,
  Controller,
  createApp,
  Get,
  type Logger,
  Param,
  Post,
  Query,
  Returns,
  Route,
} from "@trellis/core";
import type { UnknownPropertyPolicy } from "@trellis/core/extend";
import { IsInt } from "class-validator";

/** One integer, wherever it is read from. */
class Integer {
  @IsInt()
  n!: number;
}

@Route("/probe")
class ProbeController extends Controller {
  @Get("/numbers/:n")
  @Returns(200, Integer)
  inPath(@Param(Integer) params: Integer) {
    return { n: params.n };
  }

  @Get("/numbers")
  @Returns(200, Integer)
  inQuery(@Query(Integer) query: Integer) {
    return { n: query.n };
  }

  @Post("/numbers")
  @Returns(200, Integer)
  inBody(@Body(Integer) body: Integer) {
    return body; // as validated: shows what the unknown-property policy left
  }

  @Get("/echo/:value")
  echo(@Param("value") value: string) {
    return { value };
  }
}

/**
 * Integer path, query and body values, and an echo of a path parameter, with class-validator: the
 * example itself has no integer input, so its adapter is probed here.
 */
export function createClassValidatorProbeApp(
  logger: Logger,
  unknownProperties?: UnknownPropertyPolicy,
): App {
  return createApp({
    schema: classValidator(unknownProperties ? { unknownProperties } : {}),
    controllers: [ProbeController],
    // The probe echoes what validation handed the handler: sent whole, not cut to a schema.
    sendUndeclared: true,
    logger,
  });
}
