/* Compiled kernels of goldlint's clean paths.

   Each function here is a faster way to an answer that a pure-Python function of goldlint
   also gives; goldlint uses the compiled one when the wheel was built with it (see
   goldlint.speedups) and the tests prove the two equal. A kernel never decides what a rule
   says: it only tells which records are certainly clean, and the others go the ordinary way.

   Written against the CPython C API (3.11+); every index into a string is bounds-checked,
   whatever the input. A list can be changed by Python code that an attribute getter, a hash
   or a comparison runs: a kernel that may run such code reads its lists as their iterators
   do (the length asked again at each item, each object held while it is read) or walks a
   tuple it made of them; one that runs none (reading a str's characters) reads them in place.
   A tuple of a 100,000-item list costs a millisecond to make and another to free. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

typedef struct {
    int kind;
    const void *data;
    Py_ssize_t len;
} Text;

static int
text_of(PyObject *o, Text *t)
{
    if (!PyUnicode_Check(o)) {
        PyErr_SetString(PyExc_TypeError, "a str was expected");
        return -1;
    }
    if (PyUnicode_READY(o) < 0) {  /* (a legacy str made by C code: its characters laid out first) */
        return -1;
    }
    t->kind = PyUnicode_KIND(o);
    t->data = PyUnicode_DATA(o);
    t->len = PyUnicode_GET_LENGTH(o);
    return 0;
}

#define AT(t, i) PyUnicode_READ((t).kind, (t).data, (i))

/* The first line break in [from, to) of t, or -1. */
static Py_ssize_t
line_break(const Text *t, Py_ssize_t from, Py_ssize_t to)
{
    for (Py_ssize_t i = from; i < to; i++) {
        if (AT(*t, i) == '\n') {
            return i;
        }
    }
    return -1;
}

/* A token line's tag: the text after its third tab, to the line's end. */
typedef struct {
    Py_ssize_t start, end;
} Span;

typedef struct {
    Span *items;
    Py_ssize_t size, room;
} Tags;

static int
tags_push(Tags *tags, Py_ssize_t start, Py_ssize_t end)
{
    if (tags->size == tags->room) {
        Py_ssize_t room = tags->room ? tags->room * 2 : 64;
        Span *grown = PyMem_Realloc(tags->items, (size_t)room * sizeof(Span));
        if (grown == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        tags->items = grown;
        tags->room = room;
    }
    tags->items[tags->size].start = start;
    tags->items[tags->size].end = end;
    tags->size++;
    return 0;
}

/* The character of the sentence text padded with a space at each end, at i; -1 past it. */
static Py_UCS4
padded_at(const Text *words, Py_ssize_t i)
{
    if (i == 0 || i == words->len + 1) {
        return ' ';
    }
    if (i < 0 || i > words->len + 1) {
        return (Py_UCS4)-1;
    }
    return AT(*words, i - 1);
}

/* The spaces of the padded text before i (i at most its length): the words before i. */
static Py_ssize_t
spaces_before(const Text *words, Py_ssize_t i)
{
    Py_ssize_t n = 0;
    for (Py_ssize_t k = 0; k < i; k++) {
        n += padded_at(words, k) == ' ';
    }
    return n;
}

/* Whether the tag from start to end is prefix ("B-" or "I-") then the label of the entry. */
static int
tag_is(const Text *text, Span tag, char prefix, const Text *slots, Py_ssize_t label, Py_ssize_t label_end)
{
    Py_ssize_t n = label_end - label;
    if (tag.end - tag.start != n + 2 || AT(*text, tag.start) != (Py_UCS4)prefix || AT(*text, tag.start + 1) != '-') {
        return 0;
    }
    for (Py_ssize_t k = 0; k < n; k++) {
        if (AT(*text, tag.start + 2 + k) != AT(*slots, label + k)) {
            return 0;
        }
    }
    return 1;
}

/* A `# slots:` offset: digits up to `:`; -1 when not so written. */
static Py_ssize_t
offset_at(const Text *slots, Py_ssize_t *at)
{
    Py_ssize_t i = *at, value = 0, digits = 0;
    while (i < slots->len) {
        Py_UCS4 c = AT(*slots, i);
        if (c < '0' || c > '9') {
            break;
        }
        if (++digits > 9) {
            return -1;
        }
        value = value * 10 + (Py_ssize_t)(c - '0');
        i++;
    }
    if (digits == 0 || i >= slots->len || AT(*slots, i) != ':') {
        return -1;
    }
    *at = i + 1;
    return value;
}

/* 1 when the sentence's tags are those its `# slots:` spans give, 0 when not, -1 on an error. */
static int
sentence_agrees(const Text *text, Py_ssize_t start, Py_ssize_t end, long comment_lines, PyObject *slots_obj,
                PyObject *words_obj, PyObject *labels, Tags *tags)
{
    Text slots, words;
    if (text_of(slots_obj, &slots) < 0 || text_of(words_obj, &words) < 0) {
        return -1;
    }
    Py_ssize_t at = start;
    for (long k = 0; k < comment_lines; k++) {
        Py_ssize_t nl = line_break(text, at, end);
        if (nl < 0) {
            return 0;
        }
        at = nl + 1;
    }
    tags->size = 0;
    Py_ssize_t marked = 0;  /* tags not `O` */
    while (at < end) {
        Py_ssize_t nl = line_break(text, at, end);
        Py_ssize_t line_end = nl < 0 ? end : nl;
        Py_ssize_t tab = at;
        for (int seen = 0; seen < 3; seen++) {
            while (tab < line_end && AT(*text, tab) != '\t') {
                tab++;
            }
            if (tab >= line_end) {
                return 0;  /* fewer than four cells */
            }
            tab++;
        }
        if (tags_push(tags, tab, line_end) < 0) {
            return -1;
        }
        marked += !(line_end - tab == 1 && AT(*text, tab) == 'O');
        at = line_end + 1;
    }
    Py_ssize_t covered = 0, last_past = 0, i = 0;
    while (i < slots.len) {
        Py_ssize_t first_char = offset_at(&slots, &i);
        Py_ssize_t end_char = first_char < 0 ? -1 : offset_at(&slots, &i);
        if (end_char < 0) {
            return 0;
        }
        Py_ssize_t label = i;
        while (i < slots.len && AT(slots, i) != ',') {
            i++;
        }
        Py_ssize_t label_end = i;
        if (i < slots.len) {
            i++;  /* the comma */
            if (i == slots.len) {
                return 0;
            }
        }
        if (label_end == label || !(first_char < end_char)) {
            return 0;
        }
        PyObject *name = PyUnicode_Substring(slots_obj, label, label_end);
        if (name == NULL) {
            return -1;
        }
        int known = PySet_Contains(labels, name);
        Py_DECREF(name);
        if (known <= 0) {
            return known;
        }
        /* from a word's start to a word's end */
        if (padded_at(&words, first_char) != ' ' || padded_at(&words, end_char + 1) != ' ') {
            return 0;
        }
        Py_ssize_t first = spaces_before(&words, first_char), past = spaces_before(&words, end_char);
        if (first < last_past || past > tags->size) {
            return 0;  /* not after the span before it; past the tokens */
        }
        if (!tag_is(text, tags->items[first], 'B', &slots, label, label_end)) {
            return 0;
        }
        for (Py_ssize_t d = first + 1; d < past; d++) {
            if (!tag_is(text, tags->items[d], 'I', &slots, label, label_end)) {
                return 0;
            }
        }
        covered += past - first;
        last_past = past;
    }
    return marked == covered;
}

PyDoc_STRVAR(xsid_slot_tags_doc,
"xsid_slot_tags(text, starts, ends, comment_lines, slots, texts, labels) -> list[int]\n\n"
"The sentences (by index) whose token lines' tags are not those their `# slots:` spans give:\n"
"sentence i runs from starts[i] to ends[i] of text, its first comment_lines lines comments, then\n"
"token lines whose tag is the text after the third tab; slots[i] its `# slots:` value\n"
"(start:end:label entries, comma-separated; '' none), texts[i] its `# text` (words one space\n"
"apart), labels the labels an entry may have. Agreeing: each span from a word's start to a\n"
"word's end, after the span before it, of a label of labels, its tags B- then I- of it, and\n"
"as many tags not O as the spans cover. goldlint.families.xsid.clean._slot_tags in Python.");

/* A tuple of the items of a list argument (each held by it), or NULL with an error set. */
static PyObject *
held(PyObject *list)
{
    return PyList_Check(list) ? PyList_AsTuple(list) : (PyErr_SetString(PyExc_TypeError, "a list was expected"), NULL);
}

/* out.append(index); -1 on an error. */
static int
append_index(PyObject *out, Py_ssize_t index)
{
    PyObject *number = PyLong_FromSsize_t(index);
    if (number == NULL) {
        return -1;
    }
    int done = PyList_Append(out, number);
    Py_DECREF(number);
    return done;
}

static PyObject *
xsid_slot_tags(PyObject *module, PyObject *args)
{
    PyObject *text_obj, *lists[4], *labels;  /* starts, ends, slots, texts */
    long comment_lines;
    if (!PyArg_ParseTuple(args, "UOOlOOO!:xsid_slot_tags", &text_obj, &lists[0], &lists[1], &comment_lines, &lists[2], &lists[3],
                          &PyFrozenSet_Type, &labels)) {
        return NULL;
    }
    PyObject *t[4] = {NULL, NULL, NULL, NULL}, *out = NULL;
    Tags tags = {NULL, 0, 0};
    for (int k = 0; k < 4; k++) {
        if ((t[k] = held(lists[k])) == NULL) {
            goto error;
        }
    }
    Py_ssize_t n = PyTuple_GET_SIZE(t[0]);
    if (PyTuple_GET_SIZE(t[1]) != n || PyTuple_GET_SIZE(t[2]) != n || PyTuple_GET_SIZE(t[3]) != n) {
        PyErr_SetString(PyExc_ValueError, "starts, ends, slots and texts differ in length");
        goto error;
    }
    Text text;
    if (text_of(text_obj, &text) < 0 || (out = PyList_New(0)) == NULL) {
        goto error;
    }
    for (Py_ssize_t s = 0; s < n; s++) {
        Py_ssize_t start = PyLong_AsSsize_t(PyTuple_GET_ITEM(t[0], s));
        Py_ssize_t end = PyLong_AsSsize_t(PyTuple_GET_ITEM(t[1], s));
        if ((start == -1 || end == -1) && PyErr_Occurred()) {
            goto error;
        }
        int agrees = 0;
        if (0 <= start && start <= end && end <= text.len) {
            agrees = sentence_agrees(&text, start, end, comment_lines, PyTuple_GET_ITEM(t[2], s), PyTuple_GET_ITEM(t[3], s), labels, &tags);
            if (agrees < 0) {
                goto error;
            }
        }
        if (!agrees && append_index(out, s) < 0) {
            goto error;
        }
    }
    PyMem_Free(tags.items);
    for (int k = 0; k < 4; k++) {
        Py_DECREF(t[k]);
    }
    return out;
error:
    PyMem_Free(tags.items);
    for (int k = 0; k < 4; k++) {
        Py_XDECREF(t[k]);
    }
    Py_XDECREF(out);
    return NULL;
}

PyDoc_STRVAR(count_byte_doc,
"count_byte(data, byte, start=0, end=len(data)) -> int\n\n"
"How many times the byte (an int, 0-255) occurs in data[start:end] (data: any buffer; start and\n"
"end read as in a slice): bytes.count(byte, start, end), sixteen bytes at a time where the\n"
"processor has SSE2. Its twin: bytes.count.");

/* A slice bound: an integer (or __index__), beyond the platform's range clamped to it. */
static int
slice_index(PyObject *o, Py_ssize_t *out)
{
    if (!PyIndex_Check(o)) {
        PyErr_SetString(PyExc_TypeError, "slice indices must be integers or None or have an __index__ method");
        return -1;
    }
    *out = PyNumber_AsSsize_t(o, NULL);
    return *out == -1 && PyErr_Occurred() ? -1 : 0;
}

static PyObject *
count_byte(PyObject *module, PyObject *args)
{
    Py_buffer buffer;
    int byte;
    PyObject *start_obj = Py_None, *end_obj = Py_None;
    if (!PyArg_ParseTuple(args, "y*i|OO:count_byte", &buffer, &byte, &start_obj, &end_obj)) {
        return NULL;
    }
    /* (the bounds as a slice reads them: None, or any integer, clamped to the buffer) */
    Py_ssize_t start = 0, end = PY_SSIZE_T_MAX;
    if ((start_obj != Py_None && slice_index(start_obj, &start) < 0) || (end_obj != Py_None && slice_index(end_obj, &end) < 0)) {
        PyBuffer_Release(&buffer);
        return NULL;
    }
    if (byte < 0 || byte > 255) {
        PyBuffer_Release(&buffer);
        PyErr_SetString(PyExc_ValueError, "byte must be in range(0, 256)");
        return NULL;
    }
    PySlice_AdjustIndices(buffer.len, &start, &end, 1);
    const unsigned char *p = (const unsigned char *)buffer.buf, wanted = (unsigned char)byte;
    Py_ssize_t n = 0, i = start;
#ifdef __SSE2__
    const __m128i needle = _mm_set1_epi8((char)wanted), zero = _mm_setzero_si128();
    while (end - i >= 16) {
        /* each lane of acc counts up to 255 matches: at most 255 blocks before it is summed */
        Py_ssize_t blocks = (end - i) / 16 < 255 ? (end - i) / 16 : 255;
        __m128i acc = zero;
        for (Py_ssize_t k = 0; k < blocks; k++, i += 16) {
            acc = _mm_sub_epi8(acc, _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(p + i)), needle));
        }
        const __m128i sums = _mm_sad_epu8(acc, zero);
        n += _mm_cvtsi128_si32(sums) + _mm_extract_epi16(sums, 4);
    }
#endif
    for (; i < end; i++) {
        n += p[i] == wanted;
    }
    PyBuffer_Release(&buffer);
    return PyLong_FromSsize_t(n);
}

/* -- slurp_items: goldlint.families.slurp.batch._items -------------------------------------- */

static PyObject *str_id, *str_surface, *str_span, *str_type;

/* The int at o as a Py_ssize_t; 0 with *ok cleared when it is not one, or none holds it. */
static Py_ssize_t
whole_number(PyObject *o, int *ok)
{
    if (!PyLong_Check(o)) {
        *ok = 0;
        return 0;
    }
    Py_ssize_t v = PyLong_AsSsize_t(o);
    if (v == -1 && PyErr_Occurred()) {
        PyErr_Clear();  /* (beyond 64 bits: no position of a record's tokens) */
        *ok = 0;
    }
    return v;
}

/* Whether the surfaces from..to-1, joined by sep (a character, or -1 for none), are target
   with its spaces left out when skip_spaces. */
static int
spells(PyObject **surfaces, Py_ssize_t from, Py_ssize_t to, Py_UCS4 sep, PyObject *target, int skip_spaces)
{
    Text t;
    if (text_of(target, &t) < 0) {
        return -1;
    }
    Py_ssize_t at = 0;
    for (Py_ssize_t k = from; k < to; k++) {
        if (k > from && sep != (Py_UCS4)-1) {
            if (at >= t.len || AT(t, at) != sep) {
                return 0;
            }
            at++;
        }
        Text w;
        if (text_of(surfaces[k], &w) < 0) {
            return -1;
        }
        for (Py_ssize_t i = 0; i < w.len; i++) {
            while (skip_spaces && at < t.len && AT(t, at) == ' ') {
                at++;
            }
            if (at >= t.len || AT(t, at) != AT(w, i)) {
                return 0;
            }
            at++;
        }
    }
    while (skip_spaces && at < t.len && AT(t, at) == ' ') {
        at++;
    }
    return at == t.len;
}

/* 1 when the record's items are as _items wants them, 0 when not, -1 on an error (tokens,
   entities, types and words: tuples, which hold what is read). */
static int
record_items_agree(PyObject *tokens, PyObject *sentence, PyObject *entities, PyObject *types, PyObject *words,
                   Py_ssize_t bracket, PyObject *known, PyObject ***scratch, Py_ssize_t *room)
{
    Py_ssize_t m = PyTuple_GET_SIZE(tokens), e = PyTuple_GET_SIZE(entities);
    if (m > *room) {
        PyObject **grown = PyMem_Realloc(*scratch, (size_t)m * sizeof(PyObject *));
        if (grown == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        *scratch = grown;
        *room = m;
    }
    PyObject **surfaces = *scratch;
    Py_ssize_t got = 0;
    int agrees = 1;
    for (; got < m; got++) {  /* the token ids count from 0; their surfaces kept */
        PyObject *token = PyTuple_GET_ITEM(tokens, got);
        PyObject *id = PyObject_GetAttr(token, str_id);
        if (id == NULL) {
            goto error;
        }
        int ok = 1;
        Py_ssize_t value = whole_number(id, &ok);
        Py_DECREF(id);
        surfaces[got] = PyObject_GetAttr(token, str_surface);
        if (surfaces[got] == NULL) {
            goto error;
        }
        if (!ok || value != got || !PyUnicode_Check(surfaces[got])) {
            agrees = 0;
        }
    }
    if (agrees) {  /* the surfaces spell the sentence, its spaces aside */
        agrees = spells(surfaces, 0, m, (Py_UCS4)-1, sentence, 1);
    }
    for (Py_ssize_t k = 0; agrees == 1 && k < e; k++) {
        PyObject *entity = PyTuple_GET_ITEM(entities, k);
        PyObject *span = PyObject_GetAttr(entity, str_span);
        if (span == NULL) {
            goto error;
        }
        /* (the span held; nothing between its reads runs Python code: whole_number reads an int) */
        Py_ssize_t n = PyList_Check(span) ? PyList_GET_SIZE(span) : 0;
        int ok = n > 0;
        Py_ssize_t first = ok ? whole_number(PyList_GET_ITEM(span, 0), &ok) : 0;
        Py_ssize_t last = ok ? whole_number(PyList_GET_ITEM(span, n - 1), &ok) : 0;
        ok = ok && first >= 0;  /* (a position before the record's tokens, which its type refuses: not clean) */
        /* consecutive positions, read only as far as the record's last token */
        Py_ssize_t end = (last < m - 1 ? last : m - 1) + 1;
        if (ok && n != (end > first ? end - first : 0)) {
            ok = 0;
        }
        for (Py_ssize_t j = 1; ok && j < n; j++) {
            Py_ssize_t v = whole_number(PyList_GET_ITEM(span, j), &ok);
            ok = ok && v == first + j;
        }
        Py_DECREF(span);
        if (!ok) {
            agrees = 0;
            break;
        }
        PyObject *type = PyObject_GetAttr(entity, str_type);
        if (type == NULL) {
            goto error;
        }
        int same = PyObject_RichCompareBool(type, PyTuple_GET_ITEM(types, bracket + k), Py_EQ);
        if (same == 1 && known != Py_None) {
            same = PySet_Contains(known, type);
        }
        Py_DECREF(type);
        if (same == 1) {  /* the bracket's words, spelt by its tokens one space apart */
            same = PyUnicode_Check(PyTuple_GET_ITEM(words, bracket + k))
                   ? spells(surfaces, first, end > first ? end : first, ' ', PyTuple_GET_ITEM(words, bracket + k), 0) : 0;
        }
        if (same < 0) {
            goto error;
        }
        agrees = same;
    }
    for (Py_ssize_t k = 0; k < got; k++) {
        Py_DECREF(surfaces[k]);
    }
    return agrees;
error:
    for (Py_ssize_t k = 0; k < got; k++) {
        Py_DECREF(surfaces[k]);
    }
    return -1;
}

PyDoc_STRVAR(slurp_items_doc,
"slurp_items(tokens, sentences, entities, types, words, known) -> list[int]\n\n"
"The records (by index) whose items are not as a clean SLURP record's: record i's tokens[i]\n"
"(structs with id and surface), sentences[i], entities[i] (structs with span and type); types\n"
"and words its annotation's brackets', every record's in turn (one per entity); known the\n"
"inventory's entity types, or None. Clean: token ids 0..n-1, the surfaces spelling the\n"
"sentence (its spaces aside), each entity's span consecutive positions of its record's tokens\n"
"which, one space apart, are its bracket's words, of its bracket's type, a type of known.\n"
"goldlint.families.slurp.batch._items in Python.");

static PyObject *
slurp_items(PyObject *module, PyObject *args)
{
    PyObject *lists[5], *known;  /* tokens, sentences, entities, types, words */
    if (!PyArg_ParseTuple(args, "OOOOOO:slurp_items", &lists[0], &lists[1], &lists[2], &lists[3], &lists[4], &known)) {
        return NULL;
    }
    if (known != Py_None && !PyAnySet_Check(known)) {
        PyErr_SetString(PyExc_TypeError, "known is a set or None");
        return NULL;
    }
    PyObject *t[5] = {NULL, NULL, NULL, NULL, NULL}, *out = NULL, **scratch = NULL;
    for (int k = 0; k < 5; k++) {
        if ((t[k] = held(lists[k])) == NULL) {
            goto error;
        }
    }
    PyObject *tokens = t[0], *sentences = t[1], *entities = t[2], *types = t[3], *words = t[4];
    Py_ssize_t n = PyTuple_GET_SIZE(tokens), total = 0, room = 0, bracket = 0;
    if (PyTuple_GET_SIZE(sentences) != n || PyTuple_GET_SIZE(entities) != n) {
        PyErr_SetString(PyExc_ValueError, "tokens, sentences and entities differ in length");
        goto error;
    }
    for (Py_ssize_t r = 0; r < n; r++) {
        if (!PyList_Check(PyTuple_GET_ITEM(tokens, r)) || !PyList_Check(PyTuple_GET_ITEM(entities, r))
            || !PyUnicode_Check(PyTuple_GET_ITEM(sentences, r))) {
            PyErr_SetString(PyExc_TypeError, "a record's tokens and entities are lists, its sentence a str");
            goto error;
        }
        total += PyList_GET_SIZE(PyTuple_GET_ITEM(entities, r));
    }
    if (PyTuple_GET_SIZE(types) != total || PyTuple_GET_SIZE(words) != total) {
        PyErr_SetString(PyExc_ValueError, "the brackets' types and words are not one per entity");
        goto error;
    }
    if ((out = PyList_New(0)) == NULL) {
        goto error;
    }
    for (Py_ssize_t r = 0; r < n; r++) {
        /* (the record's items held as they were counted: a getter may change its lists) */
        PyObject *own_tokens = PyList_AsTuple(PyTuple_GET_ITEM(tokens, r)), *own_entities = PyList_AsTuple(PyTuple_GET_ITEM(entities, r));
        int agrees = -1;
        if (own_tokens != NULL && own_entities != NULL && bracket + PyTuple_GET_SIZE(own_entities) <= total) {
            agrees = record_items_agree(own_tokens, PyTuple_GET_ITEM(sentences, r), own_entities, types, words, bracket, known,
                                        &scratch, &room);
            bracket += PyTuple_GET_SIZE(own_entities);
        }
        else if (own_tokens != NULL && own_entities != NULL) {
            PyErr_SetString(PyExc_ValueError, "the brackets' types and words are not one per entity");
        }
        Py_XDECREF(own_tokens);
        Py_XDECREF(own_entities);
        if (agrees < 0 || (!agrees && append_index(out, r) < 0)) {
            goto error;
        }
    }
    PyMem_Free(scratch);
    for (int k = 0; k < 5; k++) {
        Py_DECREF(t[k]);
    }
    return out;
error:
    PyMem_Free(scratch);
    for (int k = 0; k < 5; k++) {
        Py_XDECREF(t[k]);
    }
    Py_XDECREF(out);
    return NULL;
}

PyDoc_STRVAR(columns_doc,
"columns(objects, names) -> list[list]\n\n"
"Each name's column: [list(map(attrgetter(name), objects)) for name in names] (objects a list,\n"
"names a tuple). An attribute that is a plain slot of the first object's type (a msgspec\n"
"Struct's field) is read from each object of exactly that type straight from its slot, as\n"
"the attribute lookup would; any other, or any other object, by the attribute lookup itself.\n"
"goldlint.families.corpus.typed._columns in Python.");

/* The slot that an attribute of type's instances is read from, or NULL: the attribute is then
   looked up as usual. A slot only where the lookup would certainly read it: instances looked up
   the generic way, and the name (an exact str) bound, where that lookup looks (the type's MRO,
   not its metaclass), to a member descriptor of the type itself (a data descriptor: nothing in
   an instance's dict can shadow it), whose read is no audit event (PY_AUDIT_READ: a hook sees
   the lookup's, and may refuse it). Runs no code. The answer holds while the type's version
   tag (*tag, never 0) is unchanged: any change to the type or its bases clears it. */
static PyObject *
slot_of(PyTypeObject *type, PyObject *name, unsigned int *tag)
{
    if (type->tp_getattro != PyObject_GenericGetAttr || !PyUnicode_CheckExact(name)) {
        return NULL;
    }
    PyObject *descr = _PyType_Lookup(type, name);  /* (borrowed; as PyObject_GenericGetAttr finds it; tags the type) */
    if (descr == NULL || !Py_IS_TYPE(descr, &PyMemberDescr_Type) || PyDescr_TYPE(descr) != type || type->tp_version_tag == 0
        || (((PyMemberDescrObject *)descr)->d_member->flags & PY_AUDIT_READ)) {
        return NULL;
    }
    *tag = type->tp_version_tag;
    return Py_NewRef(descr);
}

#define MOST_SLOTS 64

/* The columns read in one pass over the objects, each object once (a pass a name reads each
   object as many times: for a million entries, most of the time goes to bringing each back
   into the cache). Only where it gives what the pass a name gives: every name a slot of
   type, every object of exactly that type, every slot filled. Reading a slot runs no code, so
   nothing changes the list meanwhile. NULL without an error: not so (the caller reads a name
   at a time, and raises what the twin raises); with an error: out of memory. */
static PyObject *
columns_at_once(PyObject *objects, PyObject *names, PyTypeObject *type)
{
    Py_ssize_t k = PyTuple_GET_SIZE(names), n = PyList_GET_SIZE(objects);
    PyMemberDef *members[MOST_SLOTS];
    PyObject *slots[MOST_SLOTS], *out = NULL;
    Py_ssize_t resolved = 0;
    int done = 0;
    unsigned int tag = 0;
    if (k == 0 || k > MOST_SLOTS) {
        return NULL;
    }
    for (; resolved < k; resolved++) {
        PyObject *name = PyTuple_GET_ITEM(names, resolved);
        if ((slots[resolved] = slot_of(type, name, &tag)) == NULL) {
            goto end;
        }
        members[resolved] = ((PyMemberDescrObject *)slots[resolved])->d_member;
    }
    if ((out = PyList_New(k)) == NULL) {
        goto end;
    }
    PyObject_GC_UnTrack(out);  /* (out of the collector's sight until whole: see columns) */
    for (Py_ssize_t j = 0; j < k; j++) {
        PyObject *column = PyList_New(n);
        if (column == NULL) {
            goto end;
        }
        PyObject_GC_UnTrack(column);
        PyList_SET_ITEM(out, j, column);
    }
    /* A list's allocation may start a collection, and a __del__ it runs may change the list
       (n read before is then no longer its length) or the type (nothing below runs code). */
    if (PyList_GET_SIZE(objects) != n || type->tp_version_tag != tag) {
        goto end;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *o = PyList_GET_ITEM(objects, i);
        if (!Py_IS_TYPE(o, type)) {
            goto end;
        }
        for (Py_ssize_t j = 0; j < k; j++) {
            PyObject *v = PyMember_GetOne((const char *)o, members[j]);
            if (v == NULL) {  /* (an empty slot: its error is the twin's to say, in its order) */
                PyErr_Clear();
                goto end;
            }
            PyList_SET_ITEM(PyList_GET_ITEM(out, j), i, v);
        }
    }
    for (Py_ssize_t j = 0; j < k; j++) {
        PyObject_GC_Track(PyList_GET_ITEM(out, j));
    }
    PyObject_GC_Track(out);
    done = 1;
end:
    for (Py_ssize_t j = 0; j < resolved; j++) {
        Py_DECREF(slots[j]);
    }
    if (!done) {
        Py_CLEAR(out);
    }
    return out;
}

static PyObject *
columns(PyObject *module, PyObject *args)
{
    PyObject *objects, *names, *out = NULL, *type = NULL, *slot = NULL;
    if (!PyArg_ParseTuple(args, "O!O!:columns", &PyList_Type, &objects, &PyTuple_Type, &names)) {
        return NULL;
    }
    if (PyList_GET_SIZE(objects) > 0) {
        /* (held: a lookup below may run code that drops every other reference to it) */
        type = Py_NewRef((PyObject *)Py_TYPE(PyList_GET_ITEM(objects, 0)));
        out = columns_at_once(objects, names, (PyTypeObject *)type);
        if (out != NULL || PyErr_Occurred()) {
            Py_DECREF(type);
            return out;
        }
    }
    if ((out = PyList_New(PyTuple_GET_SIZE(names))) == NULL) {
        Py_XDECREF(type);
        return NULL;
    }
    /* Out of the collector's sight until whole: a getter may run code, and code that walked the
       collector's objects (gc.get_objects, get_referrers) would find a list with empty items. */
    PyObject_GC_UnTrack(out);
    for (Py_ssize_t j = 0; j < PyTuple_GET_SIZE(names); j++) {
        PyObject *name = PyTuple_GET_ITEM(names, j), *column;
        if (!PyUnicode_Check(name)) {
            PyErr_SetString(PyExc_TypeError, "attribute name must be a string");  /* (as attrgetter says) */
            goto error;
        }
        Py_ssize_t n = PyList_GET_SIZE(objects), i = 0;
        if ((column = PyList_New(n)) == NULL) {
            goto error;
        }
        PyObject_GC_UnTrack(column);  /* (its items NULL until set: see out's) */
        PyList_SET_ITEM(out, j, column);
        unsigned int tag = 0;
        if (type != NULL) {
            slot = slot_of((PyTypeObject *)type, name, &tag);
        }
        PyMemberDef *member = slot != NULL ? ((PyMemberDescrObject *)slot)->d_member : NULL;
        /* The list read as its iterator reads it, an object held while its attribute is read: a
           getter may change the list (a slot's read runs no code; the attribute lookup may), or
           the type (its tag then cleared: its attribute looked up from then on, as the twin does). */
        for (; i < PyList_GET_SIZE(objects); i++) {
            PyObject *o = Py_NewRef(PyList_GET_ITEM(objects, i));
            if (member != NULL && ((PyTypeObject *)type)->tp_version_tag != tag) {
                member = NULL;
            }
            PyObject *v = member != NULL && Py_IS_TYPE(o, (PyTypeObject *)type) ? PyMember_GetOne((const char *)o, member)
                                                                              : PyObject_GetAttr(o, name);
            Py_DECREF(o);
            if (v == NULL) {
                goto error;
            }
            if (i < n) {
                PyList_SET_ITEM(column, i, v);
            }
            else {  /* (the list grew) */
                int failed = PyList_Append(column, v);
                Py_DECREF(v);
                if (failed) {
                    goto error;
                }
            }
        }
        if (i < n && PyList_SetSlice(column, i, n, NULL) < 0) {  /* (the list shrank: the unset rest dropped) */
            goto error;
        }
        Py_CLEAR(slot);
    }
    for (Py_ssize_t j = 0; j < PyTuple_GET_SIZE(names); j++) {
        PyObject_GC_Track(PyList_GET_ITEM(out, j));
    }
    PyObject_GC_Track(out);
    Py_XDECREF(type);
    return out;
error:
    Py_XDECREF(slot);
    Py_XDECREF(type);
    Py_DECREF(out);
    return NULL;
}

PyDoc_STRVAR(first_flags_doc,
"first_flags(values) -> bytes\n\n"
"One byte a value (values a list of hashable values): 1 where no earlier value equals it, 0\n"
"where one does (a repeat). One set is filled, a value at a time; a value is a first\n"
"occurrence where adding it grows the set. goldlint.families.corpus.bulk._first_flags in\n"
"Python.");

/* The first occurrences found without a set of every value, where every value is an exact str
   or int (their hashes and comparisons run no code, so nothing changes the list meanwhile). A
   bit a bucket of the hashes tells which values share their bucket with no other (first
   occurrences, all but a few); only the others go through the set, in order, so the set
   answers for them as it would among all (values that are equal have equal hashes, so share a
   bucket). A set of a million strings is a random walk through 40 MB, the bits 2 MB.
   flags has room for n values, the list's length when it was made (a collection that its
   allocation or the set's ran could have run a __del__ that changed the list since).
   1: flags written; 0: not so (nothing done); -1: an error. */
static int
first_flags_by_buckets(PyObject *values, Py_ssize_t n, PyObject *seen, char *flags)
{
    if (PyList_GET_SIZE(values) != n || (size_t)n > ((size_t)-1 >> 5)) {  /* (n * 16 buckets must not overflow) */
        return 0;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *v = PyList_GET_ITEM(values, i);
        if (!PyUnicode_CheckExact(v) && !PyLong_CheckExact(v)) {
            return 0;
        }
    }
    size_t buckets = 64;
    while (buckets < (size_t)n * 16) {
        buckets <<= 1;
    }
    uint64_t *once = PyMem_Calloc(buckets / 64, sizeof(uint64_t)), *shared = PyMem_Calloc(buckets / 64, sizeof(uint64_t));
    Py_hash_t *hashes = PyMem_Malloc((size_t)(n > 0 ? n : 1) * sizeof(Py_hash_t));
    int done = -1;
    if (once == NULL || shared == NULL || hashes == NULL) {
        PyErr_NoMemory();
        goto end;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_hash_t h = PyObject_Hash(PyList_GET_ITEM(values, i));
        if (h == -1 && PyErr_Occurred()) {
            goto end;
        }
        size_t b = (size_t)h & (buckets - 1);
        uint64_t bit = (uint64_t)1 << (b & 63);
        if (once[b >> 6] & bit) {
            shared[b >> 6] |= bit;
        }
        once[b >> 6] |= bit;
        hashes[i] = h;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        size_t b = (size_t)hashes[i] & (buckets - 1);
        if (shared[b >> 6] & ((uint64_t)1 << (b & 63))) {
            Py_ssize_t before = PySet_GET_SIZE(seen);
            if (PySet_Add(seen, PyList_GET_ITEM(values, i)) < 0) {
                goto end;
            }
            flags[i] = PySet_GET_SIZE(seen) != before;
        }
        else {
            flags[i] = 1;
        }
    }
    done = 1;
end:
    PyMem_Free(once);
    PyMem_Free(shared);
    PyMem_Free(hashes);
    return done;
}

static PyObject *
first_flags(PyObject *module, PyObject *values)
{
    if (!PyList_Check(values)) {
        PyErr_SetString(PyExc_TypeError, "a list was expected");
        return NULL;
    }
    Py_ssize_t n = PyList_GET_SIZE(values), i = 0;
    PyObject *seen = PySet_New(NULL), *out = PyBytes_FromStringAndSize(NULL, n);
    if (seen == NULL || out == NULL) {
        goto error;
    }
    int by_buckets = first_flags_by_buckets(values, n, seen, PyBytes_AS_STRING(out));
    if (by_buckets != 0) {
        Py_DECREF(seen);
        if (by_buckets < 0) {
            Py_DECREF(out);
            return NULL;
        }
        return out;
    }
    /* The list read as its iterator reads it, each value held while it is added: a hash or a
       comparison may run code that changes the list. */
    for (; i < n && i < PyList_GET_SIZE(values); i++) {
        PyObject *v = Py_NewRef(PyList_GET_ITEM(values, i));
        Py_ssize_t before = PySet_GET_SIZE(seen);
        int failed = PySet_Add(seen, v) < 0;
        Py_DECREF(v);
        if (failed) {
            goto error;
        }
        PyBytes_AS_STRING(out)[i] = PySet_GET_SIZE(seen) != before;
    }
    Py_DECREF(seen);
    if (i < n) {  /* (the list shrank: the flags of the values read) */
        Py_SETREF(out, PyBytes_FromStringAndSize(PyBytes_AS_STRING(out), i));
    }
    return out;
error:
    Py_XDECREF(out);
    Py_XDECREF(seen);
    return NULL;
}

PyDoc_STRVAR(strip_flags_doc,
"strip_flags(values) -> (filled, trimmed)\n\n"
"Two bytes a str of values (a list of str), each 1 or 0: filled, whether value.strip() is not\n"
"empty; trimmed, whether value.strip() == value. goldlint.families.corpus.bulk._strip_flags in\n"
"Python.");

/* A list read in place, not held: reading a str's characters (or an object's type) runs no code,
   so nothing can change the list while these kernels read it. */
static int
read_in_place(PyObject *values)
{
    return PyList_Check(values) ? 0 : (PyErr_SetString(PyExc_TypeError, "a list was expected"), -1);
}

static PyObject *
strip_flags(PyObject *module, PyObject *values)
{
    PyObject *filled = NULL, *trimmed = NULL;
    if (read_in_place(values) < 0 || (filled = PyBytes_FromStringAndSize(NULL, PyList_GET_SIZE(values))) == NULL
        || (trimmed = PyBytes_FromStringAndSize(NULL, PyList_GET_SIZE(values))) == NULL) {
        goto error;
    }
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(values); i++) {
        Text v;
        if (text_of(PyList_GET_ITEM(values, i), &v) < 0) {
            goto error;
        }
        Py_ssize_t lo = 0, hi = v.len;  /* (str.strip's whitespace: Py_UNICODE_ISSPACE) */
        while (lo < hi && Py_UNICODE_ISSPACE(AT(v, lo))) {
            lo++;
        }
        while (hi > lo && Py_UNICODE_ISSPACE(AT(v, hi - 1))) {
            hi--;
        }
        PyBytes_AS_STRING(filled)[i] = hi > lo;
        PyBytes_AS_STRING(trimmed)[i] = lo == 0 && hi == v.len;
    }
    return Py_BuildValue("(NN)", filled, trimmed);
error:
    Py_XDECREF(filled);
    Py_XDECREF(trimmed);
    return NULL;
}

#define TABLED 0x800
static char printable_below[TABLED];  /* Py_UNICODE_ISPRINTABLE of U+0000-U+07FF (set when the module is made: a lookup, not a type record's) */

PyDoc_STRVAR(print_flags_doc,
"print_flags(values) -> (printable, cyrillic)\n\n"
"printable: a byte a str of values (a list of str), 1 where value.isprintable(); cyrillic:\n"
"whether any value holds a character of U+0400-U+047F (those whose UTF-8 starts with 0xD0 or\n"
"0xD1). goldlint.families.corpus.bulk._print_flags in Python.");

static PyObject *
print_flags(PyObject *module, PyObject *values)
{
    PyObject *printable = NULL;
    if (read_in_place(values) < 0 || (printable = PyBytes_FromStringAndSize(NULL, PyList_GET_SIZE(values))) == NULL) {
        goto error;
    }
    int cyrillic = 0;
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(values); i++) {
        PyObject *o = PyList_GET_ITEM(values, i);
        Text v;
        if (text_of(o, &v) < 0) {
            goto error;
        }
        int all = 1;
        if (v.kind == PyUnicode_1BYTE_KIND) {  /* (no Cyrillic there) */
            const Py_UCS1 *c = v.data;
            for (Py_ssize_t k = 0; k < v.len && all; k++) {
                all = printable_below[c[k]];
            }
        }
        else {
            for (Py_ssize_t k = 0; k < v.len; k++) {
                Py_UCS4 c = v.kind == PyUnicode_2BYTE_KIND ? ((const Py_UCS2 *)v.data)[k] : ((const Py_UCS4 *)v.data)[k];
                if (all && !(c < TABLED ? printable_below[c] : Py_UNICODE_ISPRINTABLE(c))) {
                    all = 0;
                    if (cyrillic) {
                        break;  /* (nothing more to learn from this value) */
                    }
                }
                if (c >= 0x400 && c <= 0x47F) {
                    cyrillic = 1;
                    if (!all) {
                        break;
                    }
                }
            }
        }
        PyBytes_AS_STRING(printable)[i] = all;
    }
    return Py_BuildValue("(NO)", printable, cyrillic ? Py_True : Py_False);
error:
    Py_XDECREF(printable);
    return NULL;
}

PyDoc_STRVAR(buffer_offset_doc,
"buffer_offset(whole, part) -> int | None\n\n"
"Where the bytes of the buffer part lie in the buffer whole, when part is a view of them (a\n"
"msgspec.Raw decoded from whole): the difference of their addresses; None when part's bytes\n"
"are not all within whole's. goldlint.formats.buffer_offsets, by ctypes, in Python.");

static PyObject *
buffer_offset(PyObject *module, PyObject *args)
{
    PyObject *whole_obj, *part_obj, *out = NULL;
    if (!PyArg_ParseTuple(args, "OO:buffer_offset", &whole_obj, &part_obj)) {
        return NULL;
    }
    Py_buffer whole, part;
    if (PyObject_GetBuffer(whole_obj, &whole, PyBUF_SIMPLE) < 0) {
        return NULL;
    }
    if (PyObject_GetBuffer(part_obj, &part, PyBUF_SIMPLE) < 0) {
        PyBuffer_Release(&whole);
        return NULL;
    }
    uintptr_t base = (uintptr_t)whole.buf, at = (uintptr_t)part.buf;  /* (addresses as integers: compared whatever they point into) */
    if (at >= base && at - base <= (uintptr_t)whole.len && (uintptr_t)part.len <= (uintptr_t)whole.len - (at - base)) {
        out = PyLong_FromSize_t(at - base);
    }
    else {
        out = Py_NewRef(Py_None);
    }
    PyBuffer_Release(&part);
    PyBuffer_Release(&whole);
    return out;
}

PyDoc_STRVAR(plain_keys_doc,
"plain_keys(joined, n) -> bool\n\n"
"Whether the n sources joined by NUL in joined are each its own key (COR112's: NFC, case-folded,\n"
"whitespace collapsed): joined is ASCII and holds n - 1 NULs, no capital letter, only printable\n"
"characters besides, and no piece starts or ends with a space or holds two in a row. One pass\n"
"over the bytes. goldlint.families.corpus.bulk._plain_keys in Python.");

static PyObject *
plain_keys(PyObject *module, PyObject *args)
{
    PyObject *joined, *count;
    if (!PyArg_ParseTuple(args, "UO!:plain_keys", &joined, &PyLong_Type, &count) || PyUnicode_READY(joined) < 0) {
        return NULL;
    }
    int overflow;
    long long n = PyLong_AsLongLongAndOverflow(count, &overflow);
    if (overflow) {
        Py_RETURN_FALSE;  /* (beyond 64 bits: no text holds so many NULs) */
    }
    if (!PyUnicode_IS_ASCII(joined)) {
        Py_RETURN_FALSE;
    }
    const Py_UCS1 *c = PyUnicode_1BYTE_DATA(joined);
    Py_ssize_t len = PyUnicode_GET_LENGTH(joined), nuls = 0, i = 0;
    int blank = 1;  /* (the byte before was a space or a NUL, or there was none) */
#ifdef __SSE2__
    /* Sixteen bytes at a time (ASCII: below 0x80, so the signed comparisons hold). */
    const __m128i zero = _mm_setzero_si128(), space = _mm_set1_epi8(' '), rubout = _mm_set1_epi8(0x7F);
    const __m128i control_end = _mm_set1_epi8(0x20), before_a = _mm_set1_epi8('A' - 1), after_z = _mm_set1_epi8('Z' + 1);
    for (; i + 16 <= len; i += 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(c + i));
        __m128i nul = _mm_cmpeq_epi8(v, zero);
        __m128i bad = _mm_or_si128(_mm_andnot_si128(nul, _mm_cmplt_epi8(v, control_end)), _mm_cmpeq_epi8(v, rubout));
        bad = _mm_or_si128(bad, _mm_and_si128(_mm_cmpgt_epi8(v, before_a), _mm_cmplt_epi8(v, after_z)));
        if (_mm_movemask_epi8(bad)) {
            Py_RETURN_FALSE;
        }
        unsigned blanks = (unsigned)_mm_movemask_epi8(_mm_or_si128(nul, _mm_cmpeq_epi8(v, space)));
        if (blanks & ((blanks << 1) | (unsigned)blank)) {  /* (a blank after a blank, the last block's last byte too) */
            Py_RETURN_FALSE;
        }
        blank = (blanks >> 15) & 1;
        for (unsigned nuls_here = (unsigned)_mm_movemask_epi8(nul); nuls_here; nuls_here &= nuls_here - 1) {
            nuls++;
        }
    }
#endif
    for (; i < len; i++) {
        Py_UCS1 b = c[i];
        if (b == 0 || b == ' ') {
            if (blank) {
                Py_RETURN_FALSE;
            }
            nuls += b == 0;
            blank = 1;
        }
        else if (b < 0x20 || b == 0x7F || (b >= 'A' && b <= 'Z')) {
            Py_RETURN_FALSE;
        }
        else {
            blank = 0;
        }
    }
    return PyBool_FromLong((long long)nuls + 1 == n && (len == 0 || !blank));
}

PyDoc_STRVAR(strs_doc,
"strs(values) -> (positions, strings)\n\n"
"Where the values of exactly the type str are in the list values, and those values, in order.\n"
"goldlint.families.corpus.bulk._strs in Python.");

static PyObject *
strs(PyObject *module, PyObject *values)
{
    PyObject *positions = NULL, *strings = NULL;
    if (read_in_place(values) < 0 || (positions = PyList_New(0)) == NULL || (strings = PyList_New(0)) == NULL) {
        goto error;
    }
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(values); i++) {  /* (a type's test runs no code: read in place) */
        PyObject *v = PyList_GET_ITEM(values, i);
        if (PyUnicode_CheckExact(v)) {
            PyObject *at = PyLong_FromSsize_t(i);
            if (at == NULL || PyList_Append(positions, at) < 0 || PyList_Append(strings, v) < 0) {
                Py_XDECREF(at);
                goto error;
            }
            Py_DECREF(at);
        }
    }
    return Py_BuildValue("(NN)", positions, strings);
error:
    Py_XDECREF(positions);
    Py_XDECREF(strings);
    return NULL;
}

static PyMethodDef methods[] = {
    {"buffer_offset", buffer_offset, METH_VARARGS, buffer_offset_doc},
    {"columns", columns, METH_VARARGS, columns_doc},
    {"count_byte", count_byte, METH_VARARGS, count_byte_doc},
    {"first_flags", first_flags, METH_O, first_flags_doc},
    {"plain_keys", plain_keys, METH_VARARGS, plain_keys_doc},
    {"print_flags", print_flags, METH_O, print_flags_doc},
    {"slurp_items", slurp_items, METH_VARARGS, slurp_items_doc},
    {"strip_flags", strip_flags, METH_O, strip_flags_doc},
    {"strs", strs, METH_O, strs_doc},
    {"xsid_slot_tags", xsid_slot_tags, METH_VARARGS, xsid_slot_tags_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_goldlint_speedups", "Compiled kernels of goldlint's clean paths (see goldlint.speedups).", 0,
    methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC
PyInit__goldlint_speedups(void)
{
    str_id = PyUnicode_InternFromString("id");
    str_surface = PyUnicode_InternFromString("surface");
    str_span = PyUnicode_InternFromString("span");
    str_type = PyUnicode_InternFromString("type");
    if (str_id == NULL || str_surface == NULL || str_span == NULL || str_type == NULL) {
        return NULL;
    }
    for (Py_UCS4 c = 0; c < TABLED; c++) {
        printable_below[c] = Py_UNICODE_ISPRINTABLE(c) != 0;
    }
    return PyModule_Create(&module);
}
