/** «غرفة » before a room's name, unless the name already says it («الغرفة العامة», «غرفة الحلوين»). */
export const roomWord = (name: string): string => (/^(ال)?غرفة/.test(name) ? '' : 'غرفة ');
