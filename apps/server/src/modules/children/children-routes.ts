import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  childrenForStudyRequestSchema,
  childrenForStudyResponseSchema,
  doChildrenScreenerRequestSchema,
  doChildrenScreenerResponseSchema,
  childRegistrationResponseSchema,
  childRegistrationSchema,
  childRegistrationWithStudySchema,
  confirmKidResponseSchema,
  confirmKidSchema,
  registeredChildrenResponseSchema,
} from '@testerhub/shared/children-schemas';
import { withTester, type WithBody } from '../../core/auth/tester-scope.ts';
import type { Clock } from '../../core/clock.ts';
import type { ChildrenService } from './children-service.ts';

/** Registering, confirming and listing a tester's children (spec 3, sections 4 and 7 "Children"; decision 028). Tester scope. */
export function childrenRoutes(children: ChildrenService, clock: Clock): FastifyPluginAsyncZod {
  const today = () => clock.now();
  const registration = childRegistrationSchema(today);
  const registrationWithStudy = childRegistrationWithStudySchema(today);

  return async (app) => {
    app.post(
      '/account/RegistChildrenWithoutStudyNo',
      { schema: { tags: ['account'], body: registration, response: { 200: childRegistrationResponseSchema } } },
      withTester((request: WithBody<typeof registration>, tester) => children.register(tester.id, request.body)),
    );

    app.post(
      '/account/RegistChildren',
      { schema: { tags: ['account'], body: registrationWithStudy, response: { 200: childRegistrationResponseSchema } } },
      withTester((request: WithBody<typeof registrationWithStudy>, tester) => {
        const { studyNo, ...child } = request.body;
        return children.register(tester.id, child, studyNo);
      }),
    );

    app.post(
      '/account/ConfirmKid',
      {
        schema: {
          tags: ['account'],
          body: confirmKidSchema,
          description: "Body: the child's id (the k of the e-mailed link) as a bare JSON string.",
          response: { 200: confirmKidResponseSchema },
        },
      },
      withTester((request: WithBody<typeof confirmKidSchema>, tester) => children.confirm(tester.id, request.body)),
    );

    app.get(
      '/schedule/GetChildrenInfo',
      { schema: { tags: ['schedule'], response: { 200: registeredChildrenResponseSchema } } },
      withTester(async (_request, tester) => ({ status: 'succeed' as const, registeredChildren: await children.listChildren(tester.id) })),
    );

    // The child popup's list (a kid study) and the teen branch's (13 to 17, a teen-and-adult study): one rule, two calls.
    const studyLists = [
      ['/schedule/GetChildrenInfo', 'kidStudy', 'The children to choose from for a kid study (the child popup).'],
      ['/schedule/GetChildrenInfoWithAge', 'teens', 'The teens (13 to 17) to choose from for a teen-and-adult study (the teen branch).'],
    ] as const;
    for (const [path, kind, description] of studyLists) {
      app.post(
        path,
        {
          schema: {
            tags: ['schedule'],
            body: childrenForStudyRequestSchema,
            description,
            response: { 200: childrenForStudyResponseSchema },
          },
        },
        withTester((request: WithBody<typeof childrenForStudyRequestSchema>, tester) =>
          children.childrenForStudy(tester, request.body.studyNo, kind),
        ),
      );
    }

    app.post(
      '/schedule/DoChildrenScreener',
      { schema: { tags: ['schedule'], body: doChildrenScreenerRequestSchema, response: { 200: doChildrenScreenerResponseSchema } } },
      withTester((request: WithBody<typeof doChildrenScreenerRequestSchema>, tester) =>
        children.doChildrenScreener(tester, request.body.childID, request.body.studyNo),
      ),
    );
  };
}
