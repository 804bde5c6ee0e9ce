// SPDX-License-Identifier: Apache-2.0 OR MIT
#include "ff/fp.h"

#include "ff/mont_field_impl.h"

namespace cuzk::ff {

template class MontField<FpConfig>;

}  // namespace cuzk::ff
